import type { RegisterArea } from '../context';

/** Placeholder until the auth area is implemented: every route answers 404. */
export const registerAuth: RegisterArea = () => {};

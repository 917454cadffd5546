import type { RegisterArea } from '../context';

/** Placeholder until the transfer area is implemented: every route answers 404. */
export const registerTransfer: RegisterArea = () => {};

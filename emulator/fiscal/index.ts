import type { RegisterArea } from '../context';

/** Placeholder until the fiscal area is implemented: every route answers 404. */
export const registerFiscal: RegisterArea = () => {};

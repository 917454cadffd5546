import type { RegisterArea } from '../context';

/** Placeholder until the documents area is implemented: every route answers 404. */
export const registerDocuments: RegisterArea = () => {};

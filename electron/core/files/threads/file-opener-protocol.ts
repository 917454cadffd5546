/** Messages between the core and the file-opening thread (file-opener.worker.ts). */
import type { OpenedFile } from '../../viewer/open';

export interface OpenerRequest {
  id: number;
  name: string;
  bytes: Uint8Array;
  destinationId?: string;
}

/** An AppError as it crosses the thread boundary. */
export interface OpenerError {
  code: string;
  message: string;
  details?: unknown;
}

export type OpenerResponse = { id: number; ok: true; file: OpenedFile } | { id: number; ok: false; error: OpenerError };

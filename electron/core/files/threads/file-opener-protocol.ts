/** Messages between the core and the file-opening thread (file-opener.worker.ts). */
import type { Environment } from '../../../../shared/contract';
import type { ParsedSource, SourceFormat } from '../../documents/source-view';
import type { OpenedFile } from '../../viewer/open';

/** A file for the viewer, or a document's source for the inbox (its pretty form and/or its parse). */
export type OpenerTask =
  | { kind: 'open'; name: string; bytes: Uint8Array; destinationId?: string; environment: Environment }
  | { kind: 'source'; text: string; format: SourceFormat; pretty: boolean; parse: boolean };

export type OpenerRequest = OpenerTask & { id: number };

/** The inbox's answer: what was asked for. */
export interface SourceReading {
  pretty?: string;
  parsed?: ParsedSource;
}

/** An AppError as it crosses the thread boundary. */
export interface OpenerError {
  code: string;
  message: string;
  details?: unknown;
}

export type OpenerResponse = { id: number; ok: true; file?: OpenedFile; source?: SourceReading } | { id: number; ok: false; error: OpenerError };

/**
 * Messages between the app core and the engine's own process (host.ts). The core keeps no
 * SaxonJS or libxml2 heap: validations and stylesheet renders of untrusted documents run in a
 * process that holds no token, certificate or credential, and its memory is not the core's.
 */
import type { RenderFailureCode } from '../render/renderer';
import type { ValidationFailureCode, ValidationProgress, ValidationResult } from './types';

export type HostRequest =
  | { id: number; type: 'validate'; bytes: Uint8Array; ruleSet?: string; schemaOnly?: boolean; on?: string }
  | { id: number; type: 'warm'; ruleSet: string }
  /** Stops the validation `id` (queued: never starts; running: its workers are replaced). */
  | { id: number; type: 'cancel' }
  /** An official stylesheet (standards/render) applied to a document: HTML back. */
  | { id: number; type: 'render'; sefPath: string; xml: string; ksef: boolean; timeoutMs: number }
  /** Loads stylesheets ahead of the first render; no answer. */
  | { id: number; type: 'warm-render'; sefPaths: string[] };

export type HostResponse =
  | { id: number; type: 'progress'; progress: ValidationProgress }
  | { id: number; type: 'result'; result: ValidationResult }
  | { id: number; type: 'warmed' }
  | { id: number; type: 'failure'; code: ValidationFailureCode; message: string }
  | { id: number; type: 'rendered'; html: string }
  | { id: number; type: 'render-failure'; code: RenderFailureCode; message: string; xsltCode?: string };

/** The engine process as the core sees it: a Node child (`child_process.fork`) or Electron's utility process. */
export interface EngineChannel {
  readonly pid: number | undefined;
  send(message: HostRequest): void;
  onMessage(listener: (message: HostResponse) => void): void;
  /** Once, whatever ended the process (crash, kill, out of memory). */
  onExit(listener: (code: number | null) => void): void;
  kill(): void;
  /** Whether the process keeps the core's event loop alive: only while a request waits on it. */
  hold(waiting: boolean): void;
}

/** Starts `entry` (the host module) in its own process. */
export type EngineProcessLauncher = (entry: string) => EngineChannel;

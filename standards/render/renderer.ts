/**
 * Runs the official stylesheets (worker.ts) in a worker thread started on first use. A render that
 * runs past its time limit is stopped (SaxonJS runs synchronously: the worker is replaced) and
 * reported; so is a worker that dies.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { standardsDir } from '../engine/paths';
import type { RenderWorkerRequest, RenderWorkerResponse } from './protocol';

export type RenderFailureCode = 'timeout' | 'stylesheet' | 'engine';

export class RenderFailure extends Error {
  constructor(
    readonly code: RenderFailureCode,
    message: string,
    /** SaxonJS's error code (`XTDE0640`…), for a stylesheet that stopped with an error. */
    readonly xsltCode?: string,
  ) {
    super(message);
    this.name = 'RenderFailure';
  }
}

export interface RenderRequest {
  /** The compiled stylesheet (standards/sef/…sef.json). */
  sefPath: string;
  xml: string;
  /** KSeF FA(2): its shared templates read the country list, answered offline. */
  ksef: boolean;
  timeoutMs?: number;
}

export interface StylesheetRenderer {
  render(request: RenderRequest): Promise<string>;
  /** Starts the worker and loads these stylesheets ahead of the first render. */
  warm(sefPaths: string[]): void;
  close(): Promise<void>;
}

export const DEFAULT_RENDER_TIMEOUT_MS = 30_000;

const here = (): string => (typeof __dirname === 'string' ? __dirname : dirname(fileURLToPath(import.meta.url)));

/** The bundled worker beside the bundles (dist/standards), else the TypeScript source through tsx. */
const workerEntry = (): URL => {
  const bundled = join(here(), '..', 'standards', 'stylesheet-worker.mjs');
  return pathToFileURL(existsSync(bundled) ? bundled : join(standardsDir(), 'render', 'worker-dev.mjs'));
};

interface Pending {
  resolve(html: string): void;
  reject(error: RenderFailure): void;
  timer: NodeJS.Timeout;
}

type RequestBody = RenderWorkerRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never;

export const createStylesheetRenderer = (options: { workerUrl?: URL } = {}): StylesheetRenderer => {
  let worker: Worker | null = null;
  let nextId = 1;
  const pending = new Map<number, Pending>();

  const failAll = (error: RenderFailure): void => {
    for (const entry of pending.values()) {
      clearTimeout(entry.timer);
      entry.reject(error);
    }
    pending.clear();
  };

  const start = (): Worker => {
    if (worker) return worker;
    const created = new Worker(options.workerUrl ?? workerEntry());
    created.unref();
    created.on('message', (message: RenderWorkerResponse) => {
      const entry = pending.get(message.id);
      if (!entry) return;
      pending.delete(message.id);
      clearTimeout(entry.timer);
      if (message.type === 'rendered') entry.resolve(message.html);
      else entry.reject(new RenderFailure('stylesheet', message.message, message.xsltCode));
    });
    created.on('error', (error) => {
      if (worker === created) worker = null;
      failAll(new RenderFailure('engine', `The stylesheet engine failed: ${error.message}`));
    });
    created.on('exit', () => {
      if (worker === created) worker = null;
    });
    worker = created;
    return created;
  };

  const post = (target: Worker, body: RequestBody, id: number): void => target.postMessage({ ...body, id } as RenderWorkerRequest);

  return {
    render({ sefPath, xml, ksef, timeoutMs = DEFAULT_RENDER_TIMEOUT_MS }) {
      const id = nextId++;
      const target = start();
      return new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          // A stuck transform cannot be interrupted: the worker is replaced, and what waited on it fails too.
          if (worker === target) worker = null;
          void target.terminate();
          const seconds = Math.max(1, Math.round(timeoutMs / 1000));
          const failure = new RenderFailure('timeout', `The stylesheet took longer than ${seconds} s and was stopped.`);
          failAll(failure);
          reject(failure);
        }, timeoutMs);
        // Held while it runs: a render is awaited work, not an idle worker.
        pending.set(id, { resolve, reject, timer });
        post(target, { type: 'render', sefPath, xml, ksef }, id);
      });
    },
    warm(sefPaths) {
      post(start(), { type: 'warm', sefPaths }, nextId++);
    },
    async close() {
      failAll(new RenderFailure('engine', 'The stylesheet engine was closed.'));
      const running = worker;
      worker = null;
      await running?.terminate();
    },
  };
};

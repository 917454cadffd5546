/**
 * The standards engine and the stylesheet renderer in a process of their own, behind the same
 * interfaces as in process. One process serves both (`createEngineProcess`); it starts at the first
 * request and again after it ends (a crash, an out-of-memory kill): what it was running fails with
 * an engine error, the next request gets a new process.
 */
import { fork } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { existsSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isUpToDate } from '../../scripts/freshness.mjs';
import { DEFAULT_RENDER_TIMEOUT_MS, RenderFailure, type StylesheetRenderer } from '../render/renderer';
import type { StandardsEngine, ValidateOptions } from './engine';
import type { EngineChannel, EngineProcessLauncher, HostRequest, HostResponse } from './host-protocol';
import { standardsDir } from './paths';
import { listRuleSets } from './rule-sets';
import { MAX_DOCUMENT_BYTES, type ValidationResult, ValidationFailure } from './types';

const here = (): string => (typeof __dirname === 'string' ? __dirname : dirname(fileURLToPath(import.meta.url)));

/**
 * The bundled host beside a dist/ bundle (Electron, packaged). From the sources (the browser shell
 * through tsx, vitest): the repository's `dist/standards` bundle when it is newer than the engine's
 * sources (it starts in a fraction of tsx's time: a first FatturaPA in the browser shell waited
 * about a second more for tsx), else the TypeScript source through tsx.
 */
export const engineHostEntry = (): string => {
  const bundled = join(here(), '..', 'standards', 'standards-host.mjs');
  if (existsSync(bundled)) return bundled;
  const standards = standardsDir();
  const repositoryBundle = join(dirname(standards), 'dist', 'standards', 'standards-host.mjs');
  const sources = [join(standards, 'engine'), join(standards, 'render'), join(dirname(standards), 'package.json')];
  return isUpToDate(repositoryBundle, sources) ? repositoryBundle : join(standards, 'engine', 'host-dev.mjs');
};

/**
 * How much lower the engine's processor priority is than the core's (Unix nice values; below
 * normal on Windows): checks and renders are background work beside the window and the uploads,
 * which get the processor first when it is busy (a batch's schema checks start the engine while
 * thousands of files are being sent; docs/performance.md, issue 12's ninth session).
 */
export const ENGINE_NICENESS = 10;

/** Lowers a started engine process's priority below the core's; where the system refuses, it runs at the core's. */
export const lowerEnginePriority = (pid: number | undefined): void => {
  if (pid === undefined) return;
  try {
    setPriority(pid, Math.min(19, getPriority() + ENGINE_NICENESS));
  } catch {
    /* not permitted here: the core's priority */
  }
};

/** A plain Node child on an IPC channel; `advanced` serialization carries the document bytes as bytes. */
export const forkNodeEngineProcess: EngineProcessLauncher = (entry) => {
  const child = fork(entry, [], { serialization: 'advanced', stdio: ['ignore', 'ignore', 'inherit', 'ipc'], execArgv: [] });
  lowerEnginePriority(child.pid);
  const hold = (waiting: boolean): void => {
    if (waiting) {
      child.ref();
      child.channel?.ref();
    } else {
      child.unref();
      child.channel?.unref();
    }
  };
  // An idle engine never keeps the core from exiting.
  hold(false);
  // 'exit' once, or a made-up one for a child that never started; an 'error' never goes unhandled (it would end the core).
  const exited = new EventEmitter();
  let ended = false;
  const end = (code: number | null): void => {
    if (ended) return;
    ended = true;
    exited.emit('exit', code);
  };
  child.once('exit', (code) => end(code));
  child.on('error', () => {
    if (child.pid === undefined) end(null);
    else child.kill();
  });
  return {
    hold,
    get pid() {
      return child.pid;
    },
    send: (message) => {
      if (child.connected) child.send(message);
    },
    onMessage: (listener) => child.on('message', (message) => listener(message as HostResponse)),
    onExit: (listener) => {
      if (ended) queueMicrotask(() => listener(child.exitCode));
      else exited.once('exit', listener);
    },
    kill: () => {
      child.kill();
    },
  };
};

type Answer = ValidationResult | string | undefined;

interface Pending {
  resolve(answer: Answer): void;
  reject(error: Error): void;
  onProgress?: ValidateOptions['onProgress'];
}

/** Requests without their id: the process client numbers them. */
type RequestBody = HostRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never;

export interface EngineProcessOptions {
  launch?: EngineProcessLauncher;
  entry?: string;
  /** Told when the process ends other than by `close()` (a crash, a kill), with what it was running. */
  onUnexpectedExit?: (code: number | null, running: number) => void;
}

export interface EngineProcess {
  /** Sends a request that gets an answer; `done` settles with it. */
  request(body: RequestBody, onProgress?: ValidateOptions['onProgress']): { id: number; done: Promise<Answer> };
  /** Sends a message that gets no answer (a cancel, a warm-up of stylesheets). */
  notify(body: RequestBody & { id?: number }): void;
  /** Forgets a request whose answer nobody waits for any more. */
  forget(id: number): void;
  close(): Promise<void>;
}

/** The engine's process is gone (it died, or was closed): each client words it as its own failure. */
export class EngineProcessGone extends Error {
  constructor(readonly why: 'stopped' | 'closed') {
    super(why === 'stopped' ? 'The engine process stopped unexpectedly.' : 'The engine process is closed.');
    this.name = 'EngineProcessGone';
  }
}

const closedFailure = (): EngineProcessGone => new EngineProcessGone('closed');

/** What the process's end means to a client: "stopped unexpectedly; try again", or "closed". */
const goneAs = <F extends Error>(error: unknown, failure: (message: string) => F, engine: string): unknown =>
  error instanceof EngineProcessGone ? failure(error.why === 'stopped' ? `The ${engine} stopped unexpectedly; try again.` : `The ${engine} is closed.`) : error;

export const createEngineProcess = (options: EngineProcessOptions = {}): EngineProcess => {
  const launch = options.launch ?? forkNodeEngineProcess;
  let channel: EngineChannel | undefined;
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let closed = false;

  const settled = (id: number): void => {
    pending.delete(id);
    if (pending.size === 0) channel?.hold(false);
  };

  const receive = (message: HostResponse): void => {
    const entry = pending.get(message.id);
    if (!entry) return;
    if (message.type === 'progress') return entry.onProgress?.(message.progress);
    settled(message.id);
    switch (message.type) {
      case 'result':
        return entry.resolve(message.result);
      case 'rendered':
        return entry.resolve(message.html);
      case 'warmed':
        return entry.resolve(undefined);
      case 'failure':
        return entry.reject(new ValidationFailure(message.code, message.message));
      case 'render-failure':
        return entry.reject(new RenderFailure(message.code, message.message, message.xsltCode));
    }
  };

  const open = (): EngineChannel => {
    if (channel) return channel;
    const started = launch(options.entry ?? engineHostEntry());
    channel = started;
    started.onMessage(receive);
    started.onExit((code) => {
      if (channel !== started) return;
      channel = undefined;
      options.onUnexpectedExit?.(code, pending.size);
      const failed = [...pending.values()];
      pending.clear();
      for (const entry of failed) entry.reject(new EngineProcessGone('stopped'));
    });
    return started;
  };

  return {
    request(body, onProgress) {
      if (closed) throw closedFailure();
      const id = nextId++;
      const done = new Promise<Answer>((resolve, reject) => {
        pending.set(id, { resolve, reject, ...(onProgress ? { onProgress } : {}) });
      });
      const target = open();
      target.hold(true);
      target.send({ ...body, id } as HostRequest);
      return { id, done };
    },
    notify(body) {
      if (closed) return;
      // A cancel goes only to a running process; a warm-up starts one.
      if (body.type === 'cancel') channel?.send({ ...body, id: body.id ?? 0 } as HostRequest);
      else open().send({ ...body, id: body.id ?? nextId++ } as HostRequest);
    },
    forget: settled,
    close() {
      closed = true;
      const running = channel;
      channel = undefined;
      for (const entry of pending.values()) entry.reject(closedFailure());
      pending.clear();
      if (!running) return Promise.resolve();
      // Held until it has exited: a core shutting down waits for its engine, whatever else is left.
      running.hold(true);
      return new Promise<void>((resolve) => {
        running.onExit(() => resolve());
        running.kill();
      });
    },
  };
};

const cancelled = (): ValidationFailure => new ValidationFailure('cancelled', 'The validation was cancelled.');

/** The validation engine, in the engine's process (its own, or `options.process` shared with the renderer). */
export const createProcessStandardsEngine = (options: EngineProcessOptions & { process?: EngineProcess } = {}): StandardsEngine => {
  const host = options.process ?? createEngineProcess(options);
  const asValidationFailure = (error: unknown): unknown => goneAs(error, (message) => new ValidationFailure('engine', message), 'validation engine');
  const validate: StandardsEngine['validate'] = async (bytes, validateOptions = {}) => {
    const { signal } = validateOptions;
    if (signal?.aborted) throw cancelled();
    // Refused here, so a huge document is never copied to the engine's process.
    if (bytes.byteLength > MAX_DOCUMENT_BYTES) {
      throw new ValidationFailure('too_large', `The document is ${(bytes.byteLength / 1024 / 1024).toFixed(1)} MB; documents up to ${MAX_DOCUMENT_BYTES / 1024 / 1024} MB are validated.`);
    }
    const { id, done } = host.request(
      { type: 'validate', bytes, ...(validateOptions.on ? { on: validateOptions.on } : {}), ...(validateOptions.ruleSet ? { ruleSet: validateOptions.ruleSet } : {}), ...(validateOptions.schemaOnly ? { schemaOnly: true } : {}) },
      validateOptions.onProgress,
    );
    if (!signal) return (await done) as ValidationResult;
    // A cancel answers at once; the engine's process stops the work on its side.
    return new Promise<ValidationResult>((resolve, reject) => {
      const abort = (): void => {
        host.forget(id);
        host.notify({ type: 'cancel', id });
        reject(cancelled());
      };
      signal.addEventListener('abort', abort, { once: true });
      done.then((result) => resolve(result as ValidationResult), reject).finally(() => signal.removeEventListener('abort', abort));
    });
  };
  return {
    validate: (bytes, validateOptions) => validate(bytes, validateOptions).catch((error: unknown) => Promise.reject(asValidationFailure(error))),
    listRuleSets: (day) => listRuleSets(day),
    async warm(ruleSet) {
      try {
        await host.request({ type: 'warm', ruleSet }).done;
      } catch (error) {
        throw asValidationFailure(error);
      }
    },
    close: () => host.close(),
  };
};

/** The stylesheet renderer, in the engine's process (its own, or `options.process` shared with the validation engine). */
export const createProcessStylesheetRenderer = (options: EngineProcessOptions & { process?: EngineProcess } = {}): StylesheetRenderer => {
  const host = options.process ?? createEngineProcess(options);
  return {
    async render({ sefPath, xml, ksef, timeoutMs = DEFAULT_RENDER_TIMEOUT_MS }) {
      try {
        return (await host.request({ type: 'render', sefPath, xml, ksef, timeoutMs }).done) as string;
      } catch (error) {
        throw goneAs(error, (message) => new RenderFailure('engine', message), 'stylesheet engine');
      }
    },
    warm(sefPaths) {
      host.notify({ type: 'warm-render', sefPaths });
    },
    close: () => host.close(),
  };
};

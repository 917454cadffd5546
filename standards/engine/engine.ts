/**
 * The standards engine as the app core and the emulator use it: validations run in worker threads
 * (two by default, so the two layers of a Peppol invoice run at the same time), one validation after
 * another, each under a time limit after which its workers are stopped and replaced.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { standardsDir } from './paths';
import type { WorkerRequest, WorkerResponse } from './protocol';
import { dayOf } from './calendar';
import { listRuleSets, type RuleSetInfo } from './rule-sets';
import { MAX_DOCUMENT_BYTES, type ValidationIssue, type ValidationProgress, type ValidationResult, ValidationFailure } from './types';
import { createUnitQueueMemory } from './unit-queue';
import type { PartialResult } from './validate';

export interface StandardsEngineOptions {
  /** Worker threads (default 2). */
  workers?: number;
  /** Time limit of one validation (default 60 s). */
  timeoutMs?: number;
  /** The worker script (default: the bundle beside dist/ bundles, else the TypeScript source through tsx). */
  workerUrl?: URL;
  /**
   * Documents of at least this many bytes (default 256 KiB, about a 200-line invoice) run per
   * Schematron pattern, shared out between the workers, with progress per pattern. Smaller ones run
   * whole layers: a run per pattern pays SaxonJS's fixed cost per transform 16 times instead of twice.
   */
  splitPatternsFrom?: number;
  /**
   * Skip a pattern whose guard (derived from the compiled rules, guards.ts) is false for the document
   * (default true). False only to measure or prove what the guards change.
   */
  patternGuards?: boolean;
}

export const SPLIT_PATTERNS_FROM = 256 * 1024;

export interface ValidateOptions {
  ruleSet?: string;
  /** The day of sending (YYYY-MM-DD, default today): the rule sets in force that day apply, and results name them with their dates. */
  on?: string;
  /** Only the schema (XSD): what the transfer interface checks of FatturaPA and KSeF files. */
  schemaOnly?: boolean;
  onProgress?: (progress: ValidationProgress) => void;
  /** Aborting stops the validation (queued: it never starts; running: its workers are stopped and replaced). */
  signal?: AbortSignal;
}

export interface StandardsEngine {
  validate(bytes: Uint8Array, options?: ValidateOptions): Promise<ValidationResult>;
  /** The rule sets a check on `day` (default today) uses, with their dates. */
  listRuleSets(day?: string): RuleSetInfo[];
  /** Starts the workers and loads a rule set (its SEFs, its schema) ahead of the first validation. */
  warm(ruleSet: string): Promise<void>;
  close(): Promise<void>;
}

const here = (): string => (typeof __dirname === 'string' ? __dirname : dirname(fileURLToPath(import.meta.url)));

/** The bundled worker beside a dist/ bundle, else the TypeScript source run through tsx. */
const workerEntry = (): URL => {
  const bundled = join(here(), '..', 'standards', 'standards-worker.mjs');
  return pathToFileURL(existsSync(bundled) ? bundled : join(standardsDir(), 'engine', 'worker-dev.mjs'));
};

type WorkerRequestBody = WorkerRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never;

interface Pending {
  resolve(result: PartialResult | undefined): void;
  reject(error: Error): void;
  onProgress?: (progress: ValidationProgress, unit: string) => void;
}

class EngineWorker {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  dead = false;

  constructor(url: URL) {
    this.worker = new Worker(url);
    this.worker.unref();
    this.worker.on('message', (message: WorkerResponse) => this.receive(message));
    this.worker.on('error', (error) => this.fail(new ValidationFailure('engine', `The validation engine stopped: ${error.message}`)));
    this.worker.on('exit', () => this.fail(new ValidationFailure('engine', 'The validation engine stopped unexpectedly.')));
  }

  request(message: WorkerRequestBody, onProgress?: (progress: ValidationProgress, unit: string) => void): Promise<PartialResult | undefined> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, ...(onProgress ? { onProgress } : {}) });
      this.worker.postMessage({ ...message, id } as WorkerRequest);
    });
  }

  private receive(message: WorkerResponse): void {
    const pending = this.pending.get(message.id);
    if (!pending) return;
    if (message.type === 'progress') return pending.onProgress?.(message.progress, message.unit);
    this.pending.delete(message.id);
    if (message.type === 'result') pending.resolve(message.result);
    else if (message.type === 'warmed') pending.resolve(undefined);
    else pending.reject(new ValidationFailure(message.code, message.message));
  }

  private fail(error: Error): void {
    this.dead = true;
    for (const pending of this.pending.values()) pending.reject(error);
    this.pending.clear();
  }

  async terminate(): Promise<void> {
    this.dead = true;
    await this.worker.terminate();
  }
}

const merge = (parts: PartialResult[], durationMs: number): ValidationResult => {
  const first = parts[0]!;
  const issues: ValidationIssue[] = parts
    .flatMap((part) => part.parts)
    .sort((a, b) => a.order - b.order || (a.pattern ?? 0) - (b.pattern ?? 0))
    .flatMap((part) => part.issues);
  const fatal = issues.filter((issue) => issue.flag === 'fatal');
  return {
    kind: first.kind,
    ruleSet: first.ruleSet,
    valid: fatal.length === 0,
    fatal,
    warnings: issues.filter((issue) => issue.flag !== 'fatal'),
    artefacts: first.artefacts,
    durationMs,
  };
};

export const createStandardsEngine = (options: StandardsEngineOptions = {}): StandardsEngine => {
  const size = Math.max(1, options.workers ?? 2);
  const timeoutMs = options.timeoutMs ?? 60_000;
  const splitPatternsFrom = options.splitPatternsFrom ?? SPLIT_PATTERNS_FROM;
  let workers: EngineWorker[] = [];
  let queue: Promise<unknown> = Promise.resolve();
  let closed = false;

  /** The first `count` workers, started (or restarted) as needed: a schema-only check never starts the second. */
  const pool = (count = size): EngineWorker[] => {
    for (let index = 0; index < count; index++) {
      const worker = workers[index];
      if (!worker || worker.dead) workers[index] = new EngineWorker(options.workerUrl ?? workerEntry());
    }
    return workers.slice(0, count);
  };

  const stopAll = async (): Promise<void> => {
    const stopping = workers;
    workers = [];
    await Promise.all(stopping.map((worker) => worker.terminate()));
  };

  const cancelled = (): ValidationFailure => new ValidationFailure('cancelled', 'The validation was cancelled.');

  const run = async (bytes: Uint8Array, validateOptions: ValidateOptions): Promise<ValidationResult> => {
    if (closed) throw new ValidationFailure('engine', 'The validation engine is closed.');
    if (validateOptions.signal?.aborted) throw cancelled();
    if (bytes.byteLength > MAX_DOCUMENT_BYTES) {
      throw new ValidationFailure('too_large', `The document is ${(bytes.byteLength / 1024 / 1024).toFixed(1)} MB; documents up to ${MAX_DOCUMENT_BYTES / 1024 / 1024} MB are validated.`);
    }
    const started = performance.now();
    // One day for every thread of this validation, even across midnight.
    const on = validateOptions.on ?? dayOf();
    const threads = pool(validateOptions.schemaOnly ? 1 : size);
    const units = !validateOptions.schemaOnly && bytes.byteLength >= splitPatternsFrom ? createUnitQueueMemory() : undefined;
    const done = new Set<string>();
    let total = 0;
    const progress = (update: ValidationProgress, unit: string): void => {
      total = update.total;
      done.add(unit);
      validateOptions.onProgress?.({ ...update, done: done.size - 1 });
    };
    // A time limit or a cancel stops this validation's workers (SaxonJS runs synchronously and cannot be interrupted otherwise).
    let timer: NodeJS.Timeout | undefined;
    let onAbort: (() => void) | undefined;
    const stopped = new Promise<never>((_, reject) => {
      const stop = (failure: ValidationFailure): void => {
        reject(failure);
        void stopAll();
      };
      timer = setTimeout(() => stop(new ValidationFailure('timeout', `Validation took too long (more than ${Math.round(timeoutMs / 1000)} s) and was stopped. The document may be very large or make the rules run long; nothing was sent.`)), timeoutMs);
      onAbort = () => stop(cancelled());
      validateOptions.signal?.addEventListener('abort', onAbort, { once: true });
    });
    try {
      const parts = await Promise.race([
        Promise.all(
          threads.map((worker, index) =>
            worker.request(
              { type: 'validate', job: {
                  bytes,
                  on,
                  ...(options.patternGuards === false ? { guards: false } : {}),
                  ...(validateOptions.ruleSet ? { ruleSet: validateOptions.ruleSet } : {}),
                  ...(validateOptions.schemaOnly ? { schemaOnly: true } : {}),
                  share: { index, of: threads.length },
                  ...(units ? { units } : {}),
                },
              },
              progress,
            ),
          ),
        ),
        stopped,
      ]);
      validateOptions.onProgress?.({ phase: 'rules', done: total, total, artefact: '' });
      return merge(parts as PartialResult[], Math.round(performance.now() - started));
    } finally {
      clearTimeout(timer);
      if (onAbort) validateOptions.signal?.removeEventListener('abort', onAbort);
    }
  };

  /** Queued behind other validations; a cancel while waiting answers at once and the turn is skipped. */
  const enqueue = (bytes: Uint8Array, validateOptions: ValidateOptions): Promise<ValidationResult> => {
    const turn = queue.then(() => run(bytes, validateOptions));
    queue = turn.catch(() => {});
    const signal = validateOptions.signal;
    if (!signal) return turn;
    return new Promise((resolve, reject) => {
      const abort = (): void => reject(cancelled());
      if (signal.aborted) abort();
      signal.addEventListener('abort', abort, { once: true });
      turn.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
    });
  };

  return {
    validate: (bytes, validateOptions = {}) => enqueue(bytes, validateOptions),
    listRuleSets: (day) => listRuleSets(day),
    warm(ruleSet) {
      const next = queue.then(async () => {
        const threads = pool();
        await Promise.all(threads.map((worker, index) => worker.request({ type: 'warm', ruleSet, share: { index, of: threads.length } })));
      });
      queue = next.catch(() => {});
      return next;
    },
    async close() {
      closed = true;
      await stopAll();
    },
  };
};

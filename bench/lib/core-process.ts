/**
 * Starts bench/lib/routes-core-child.ts (the core and the bridge server) in a process of its own
 * and talks to it. `bundle` (the default): bundled with esbuild as scripts/build.mjs bundles
 * dist/electron/main.cjs (CommonJS, node22, everything inlined), its worker threads bundled
 * beside it as `threads/<name>.cjs` (scripts/core-threads.mjs), into a temporary folder; `tsx`:
 * the sources through tsx, as `npm run start:browser` runs the browser shell (each worker thread
 * then loads tsx too). The working folder is the repository's, where the viewer finds the
 * compiled stylesheets (standards/sef) as the shells do.
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CoreAnswer, CoreMessage } from './routes-core-child';

export type CoreRuntime = 'bundle' | 'tsx';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..', '..');
const childSource = path.join(here, 'routes-core-child.ts');

async function bundle(outdir: string): Promise<string> {
  const esbuild = await import('esbuild');
  const { bundleCoreThreads } = (await import(path.join(repoRoot, 'scripts', 'core-threads.mjs'))) as { bundleCoreThreads(outdir: string, builder: unknown): Promise<void> };
  const outfile = path.join(outdir, 'routes-core.cjs');
  await Promise.all([
    esbuild.build({ entryPoints: [childSource], outfile, bundle: true, platform: 'node', target: 'node22', format: 'cjs', logLevel: 'warning', legalComments: 'none', external: ['electron'],
      // As in dist/electron/main.cjs: the core's modules fall back to __dirname where import.meta is empty.
      logOverride: { 'empty-import-meta': 'silent' } }),
    bundleCoreThreads(path.join(outdir, 'threads'), esbuild),
  ]);
  return outfile;
}

export class CoreProcess {
  readonly #child: ChildProcess;
  readonly #folder: string | undefined;
  readonly #waiting = new Map<CoreAnswer['type'], { resolve(answer: CoreAnswer): void; reject(error: Error): void }>();

  private constructor(child: ChildProcess, folder: string | undefined) {
    this.#child = child;
    this.#folder = folder;
    child.on('message', (message: CoreAnswer) => {
      if (message.type === 'error') return this.#failAll(new Error(`The core's process: ${message.message}`));
      const waiter = this.#waiting.get(message.type);
      this.#waiting.delete(message.type);
      waiter?.resolve(message);
    });
    child.once('exit', (code, signal) => this.#failAll(new Error(`The core's process ended (${code ?? signal}) during the bench.`)));
  }

  static async start(runtime: CoreRuntime): Promise<CoreProcess> {
    if (runtime === 'tsx') return new CoreProcess(fork(childSource, [], { cwd: repoRoot, execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }), undefined);
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerdesk-bench-core-'));
    const entry = await bundle(folder);
    return new CoreProcess(fork(entry, [], { cwd: repoRoot, execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }), folder);
  }

  get pid(): number {
    return this.#child.pid ?? -1;
  }

  send(message: CoreMessage): void {
    this.#child.send(message);
  }

  /** The next answer of this type (one waiter per type at a time). */
  next<T extends CoreAnswer['type']>(type: T): Promise<Extract<CoreAnswer, { type: T }>> {
    return new Promise((resolve, reject) => {
      this.#waiting.set(type, { resolve: resolve as (answer: CoreAnswer) => void, reject });
    });
  }

  async stop(): Promise<void> {
    if (this.#child.exitCode === null && this.#child.signalCode === null) {
      const exited = new Promise((resolve) => this.#child.once('exit', resolve));
      this.#child.send({ type: 'stop' } satisfies CoreMessage);
      const timer = setTimeout(() => this.#child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    if (this.#folder) fs.rmSync(this.#folder, { recursive: true, force: true });
  }

  #failAll(error: Error): void {
    for (const waiter of this.#waiting.values()) waiter.reject(error);
    this.#waiting.clear();
  }
}

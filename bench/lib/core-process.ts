/**
 * Starts bench/lib/routes-core-child.ts (the core and the bridge server) in a process of its own
 * and talks to it. `bundle` (the default): bundled as scripts/build.mjs lays out dist/ (the core as
 * CommonJS for node22 with everything inlined, as dist/electron/main.cjs; its worker threads
 * beside it as `threads/<name>.cjs`; the validation engine's process and worker in `../standards/`), into a
 * temporary folder under .tmp/ (ignored by git and ESLint; inside the repository, so that the
 * standards worker finds its packages and the artefacts as it does from dist/); `tsx`: the
 * sources through tsx, as `npm run start:browser` runs the browser shell (each worker thread then
 * loads tsx too).
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
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
  const { bundleStandards } = (await import(path.join(repoRoot, 'scripts', 'standards-bundles.mjs'))) as { bundleStandards(outdir: string, builder: unknown): Promise<void> };
  const outfile = path.join(outdir, 'electron', 'routes-core.cjs');
  const common = { bundle: true, platform: 'node', target: 'node22', logLevel: 'warning', legalComments: 'none' } as const;
  await Promise.all([
    // As dist/electron/main.cjs; the core's modules fall back to __dirname where import.meta is empty.
    esbuild.build({ ...common, entryPoints: [childSource], outfile, format: 'cjs', external: ['electron'], logOverride: { 'empty-import-meta': 'silent' } }),
    bundleCoreThreads(path.join(outdir, 'electron', 'threads'), esbuild),
    bundleStandards(path.join(outdir, 'standards'), esbuild),
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
    fs.mkdirSync(path.join(repoRoot, '.tmp'), { recursive: true });
    const folder = fs.mkdtempSync(path.join(repoRoot, '.tmp', 'bench-core-'));
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

/**
 * The core in a process of its own for bench/uploads-routes.ts, as the shells run it: the core app
 * (profile, sign-in, handlers, upload journal and pipeline) and the browser shell's bridge server,
 * nothing else, so that this process's memory is the core's. The bench bundles this file with
 * esbuild as scripts/build.mjs bundles dist/electron/main.cjs (the core's threads beside it), or
 * runs it through tsx (`--core tsx`, how `npm run start:browser` runs the browser shell).
 *
 * Driven over the fork IPC channel (messages below). The granted-handle route is driven here: the
 * bench sends the planned calls' paths, as Electron's preload sends what was dropped to main, and
 * this process grants them (`CoreApp.grantFiles`, the preload's registration) and calls
 * `uploads.add` by handle, call after call. The bridge route is driven from the bench's process
 * over HTTP, as Chromium does. This process watches its own POSTs to the service (UploadWire).
 */
import fs from 'node:fs';
import { startBridgeServer, type BridgeServer } from '../../electron/browser-shell/bridge-server';
import { createCoreApp, type CoreAppWithServices } from '../../electron/core/app';
import { createSystemClock } from '../../electron/core/node-ports/clock';
import { createMemoryPorts } from '../../electron/core/testing/memory-ports';
import { forkNodeEngineProcess } from '../../standards/engine/remote';
import { UploadWire, type WireFigures } from './upload-wire';

const WINDOW = 'electron:1';
const mb = (bytes: number): number => Math.round(bytes / (1024 * 1024));

export interface CoreStartMessage {
  type: 'start';
  urls: { authUrl: string; documentsUrl: string; transferUrl: string; fiscalUrl: string; fiscalMtlsUrl: string };
  account: { email: string; password: string };
  userDataDir: string;
  rendererDir: string;
  secret: string;
  concurrency: number;
  /** As Electron's main does (electron/main.ts): warm the validation engine 3 s after start. */
  warmValidation: boolean;
}
export type CoreMessage =
  | CoreStartMessage
  | { type: 'expect'; count: number }
  | { type: 'handles'; calls: string[][] }
  | { type: 'memory' }
  | { type: 'stop' };

/** RSS (MB) at each step of the start: the process with its code loaded, the core made, signed in, the bridge listening. */
export interface StartSteps {
  loaded: number;
  core: number;
  signedIn: number;
  bridge: number;
}
export interface MemoryFigures {
  rssMb: number;
  /** The kernel's high-water mark of this process's RSS (VmHWM): the exact peak, transients between samples included. */
  hwmMb: number;
  /** `process.memoryUsage()` when the sampled RSS (every 50 ms) was highest. */
  atPeakMb: { rss: number; heapUsed: number; heapTotal: number; external: number; arrayBuffers: number };
  threads: number;
  /** The RSS by kind of mapping now (MB; see `rssByKind`). */
  byKind: RssByKind;
  /** The validation engine's own process (a child of this one, as Electron's utility process is): its VmHWM (MB), null when none started. */
  engineHwmMb: number | null;
}
/**
 * Where the process's resident memory is (MB), from /proc/self/smaps: `v8Pages`, the 256 KiB
 * anonymous mappings V8 allocates its heaps' pages in (every isolate: the core's and its worker
 * threads'); `mallocHeap`, the main malloc arena ([heap]: Buffers' and ArrayBuffers' memory among
 * it, kept by the allocator once touched); `otherAnon`, other anonymous memory (thread stacks and
 * arenas, code, large objects); `files`, mapped files (node's own binary, shared libraries).
 */
export interface RssByKind {
  v8Pages: number;
  mallocHeap: number;
  otherAnon: number;
  files: number;
}
export type CoreAnswer =
  | { type: 'ready'; origin: string; steps: StartSteps }
  | { type: 'sent'; figures: WireFigures }
  | { type: 'added'; callsMs: number }
  | { type: 'memory'; figures: MemoryFigures }
  | { type: 'error'; message: string };

const loadedRss = mb(process.memoryUsage.rss());
const answer = (message: CoreAnswer): void => {
  process.send?.(message);
};
const fail = (error: unknown): void => answer({ type: 'error', message: error instanceof Error ? error.message : String(error) });

let core: CoreAppWithServices | undefined;
let bridge: BridgeServer | undefined;
const wire = new UploadWire();

let peakRss = 0;
let atPeak = process.memoryUsage();
const sampler = setInterval(() => {
  const rss = process.memoryUsage.rss();
  if (rss <= peakRss) return;
  peakRss = rss;
  atPeak = process.memoryUsage();
}, 50);
sampler.unref();

function rssByKind(): RssByKind {
  const kb = { v8Pages: 0, mallocHeap: 0, otherAnon: 0, files: 0 };
  let kind: keyof RssByKind | undefined;
  for (const line of fs.readFileSync('/proc/self/smaps', 'utf8').split('\n')) {
    const mapping = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (mapping) {
      const [, start = '0', end = '0', name = ''] = mapping;
      const sizeKb = (parseInt(end, 16) - parseInt(start, 16)) / 1024;
      kind = name === '[heap]' ? 'mallocHeap' : name.startsWith('/') ? 'files' : name.startsWith('[') ? undefined : sizeKb === 256 ? 'v8Pages' : 'otherAnon';
    } else if (kind && line.startsWith('Rss:')) kb[kind] += Number(line.split(/\s+/)[1] ?? 0);
  }
  return { v8Pages: Math.round(kb.v8Pages / 1024), mallocHeap: Math.round(kb.mallocHeap / 1024), otherAnon: Math.round(kb.otherAnon / 1024), files: Math.round(kb.files / 1024) };
}

const statusField = (name: string, pid: number | 'self' = 'self'): number => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? Number.NaN);

/** The engine processes this core started (one, unless one died and was replaced). */
const enginePids: number[] = [];
const engineHwmMb = (): number | null => {
  const alive = enginePids.filter((pid) => fs.existsSync(`/proc/${pid}/status`));
  return alive.length === 0 ? null : alive.reduce((sum, pid) => sum + Math.round(statusField('VmHWM', pid) / 1024), 0);
};

async function start(message: CoreStartMessage): Promise<void> {
  const ports = {
    ...createMemoryPorts({ userDataDir: message.userDataDir }),
    clock: createSystemClock(),
    shell: 'electron' as const,
    engineProcess: (entry: string) => {
      const channel = forkNodeEngineProcess(entry);
      if (channel.pid !== undefined) enginePids.push(channel.pid);
      return channel;
    },
  };
  const app = createCoreApp(ports, { emulator: { autoStart: false }, standards: { warmOnStart: message.warmValidation }, uploads: { concurrency: message.concurrency, pollMinMs: 3_600_000, pollMaxMs: 3_600_000 } });
  core = app;
  const coreRss = mb(process.memoryUsage.rss());
  const call = async (channel: string, payload: unknown): Promise<void> => {
    const result = await app.handle(channel, payload, { caller: 'bench', window: WINDOW });
    if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
  };
  await call('profiles.save', { id: 'bench', name: 'Bench emulator', kind: 'remote', environment: 'sandbox', urls: message.urls });
  await call('profiles.activate', { id: 'bench' });
  await call('session.login', { email: message.account.email, password: message.account.password });
  await call('uploads.list', {});
  const signedInRss = mb(process.memoryUsage.rss());
  bridge = await startBridgeServer({ core: app, rendererDir: message.rendererDir, secret: message.secret, port: 0 });
  answer({ type: 'ready', origin: bridge.origin, steps: { loaded: loadedRss, core: coreRss, signedIn: signedInRss, bridge: mb(process.memoryUsage.rss()) } });
}

/** Electron's route: each call's files granted (the preload's registration), then added by handle. */
async function byHandles(calls: string[][]): Promise<void> {
  if (!core) throw new Error('The core has not started.');
  let callsMs = 0;
  for (const call of calls) {
    const started = performance.now();
    const granted = await core.grantFiles(call, WINDOW);
    const files = granted.map((grant) => ({ file: { kind: 'handle' as const, handle: grant?.handle ?? 'missing' } }));
    const result = await core.handle('uploads.add', { country: 'IT', files }, { caller: 'bench', window: WINDOW });
    callsMs += performance.now() - started;
    if (!result.ok || (result.value as { rejected: unknown[] }).rejected.length > 0) throw new Error(`uploads.add refused the bench's files: ${JSON.stringify(result).slice(0, 300)}`);
  }
  answer({ type: 'added', callsMs });
}

async function stop(): Promise<void> {
  clearInterval(sampler);
  wire.close();
  await bridge?.close();
  await core?.dispose();
}

process.on('message', (message: CoreMessage) => {
  switch (message.type) {
    case 'start':
      start(message).catch(fail);
      return;
    case 'expect':
      wire.expect(message.count).then((figures) => answer({ type: 'sent', figures }), fail);
      return;
    case 'handles':
      byHandles(message.calls).catch(fail);
      return;
    case 'memory': {
      const rssMb = mb(process.memoryUsage.rss());
      answer({
        type: 'memory',
        figures: {
          rssMb,
          hwmMb: Math.round(statusField('VmHWM') / 1024),
          atPeakMb: { rss: mb(peakRss), heapUsed: mb(atPeak.heapUsed), heapTotal: mb(atPeak.heapTotal), external: mb(atPeak.external), arrayBuffers: mb(atPeak.arrayBuffers) },
          threads: statusField('Threads'),
          byKind: rssByKind(),
          engineHwmMb: engineHwmMb(),
        },
      });
      return;
    }
    case 'stop':
      stop().then(
        () => process.exit(0),
        () => process.exit(1),
      );
  }
});
// The bench went away without saying stop: leave nothing running.
process.on('disconnect', () => {
  stop().finally(() => process.exit(0));
});

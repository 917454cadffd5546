/**
 * DESIGN §9 / issue 12: uploads measured on the routes users take, with the emulator's latency at
 * 20–80 ms on every request (`--faults latency=20-80`):
 *   - granted handles (Electron): the preload grants the dropped files (`CoreApp.grantFiles`), the
 *     renderer calls `uploads.add` with the handles, 200 files a call as it does;
 *   - browser shell (`bridge`): the files as binary, POSTed to the shell's bridge (`/bridge/invoke/
 *     uploads.add`, its secret and Origin), 200 files a call as the renderer does; `bridge-json`
 *     (only with `--sides`) is the route before issue 12's sixth session, the bytes base64 in JSON;
 *   - bare POSTs of the same bodies at the same concurrency (the app's, `UPLOAD_CONCURRENCY`).
 * One core app (the real one: profile, login, handlers, journal, reading thread) takes every
 * drop. Per round, each side sends 1 000 fresh files of 64 KB; the order of the three rotates.
 * Ratios are the median of the rounds' route/bare. Also: drop → first POST on the wire (undici's
 * `sendHeaders` diagnostics channel), the bridge's share (time inside the `uploads.add` calls),
 * and the peak RSS of this process (the core; the emulator runs in its own).
 *
 *   npx tsx bench/uploads-routes.ts [--files 1000] [--size-kb 64] [--rounds 3] [--latency 20-80] [--sides handles,bridge,bridge-json]
 *
 * Every side reads its files from disk in its run: the bare loop reads and encodes; the bridge
 * route's renderer reads and encodes each call's files in its own process, as Chromium does
 * (bench/lib/bridge-renderer-child.ts; until issue 12's last session it did so in this process,
 * on the core's event loop, and its memory counted in the core's RSS); the handle route passes
 * paths. Following uploads (the shared poller) is
 * off while sending is measured, as in the earlier bench: it starts after a drop has been sent.
 */
import { randomBytes } from 'node:crypto';
import diagnostics from 'node:diagnostics_channel';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Agent, request } from 'undici';
import { startBridgeServer, type BridgeServer } from '../electron/browser-shell/bridge-server';
import type { DropAnswer, DropMessage } from './lib/bridge-renderer-child';
import { createCoreApp, type CoreAppWithServices } from '../electron/core/app';
import { createSystemClock } from '../electron/core/node-ports/clock';
import { createMemoryPorts } from '../electron/core/testing/memory-ports';
import { UPLOAD_CONCURRENCY } from '../electron/core/transfer/service';
import { startEmulatorProcess, stopEmulatorProcess, type EmulatorProcess } from './lib/emulator-process';
import { inPool } from './lib/pool';
import { median } from './lib/stats';
import { syncDisks } from './lib/sync-disks';

/** `uploads.add` calls as the renderer plans them (renderer/src/features/uploads/batch/send-batch.ts). */
const CALL_MAX_FILES = 200;
const FIRST_CALL_MAX_FILES = 8;
const CALL_BUDGET_BYTES = 4 * 1024 * 1024;
/** The app's own: the bare reference sends at the same concurrency. */
const CONCURRENCY = UPLOAD_CONCURRENCY;
const WINDOW = 'electron:1';
const SETTLE_MS = 500;

type Side = 'bare' | 'handles' | 'bridge' | 'bridge-json';

interface RunFigures {
  wallMs: number;
  firstPostMs: number;
  /** Time spent inside the grant and `uploads.add` calls (the bridge's share of the route). */
  callsMs: number;
}

export interface UploadRoutesResult {
  name: 'uploads-routes';
  files: number;
  fileKb: number;
  concurrency: number;
  latency: string;
  rounds: number;
  bareMs: number;
  handlesMs: number;
  bridgeMs: number;
  handlesRatio: number;
  bridgeRatio: number;
  roundRatios: { handles: number[]; bridge: number[] };
  handlesFirstPostMs: number;
  bridgeFirstPostMs: number;
  handlesCallsShare: number;
  bridgeCallsShare: number;
  /** The earlier bridge route (base64 JSON), when measured (`--sides …,bridge-json`). */
  bridgeJson?: { ms: number; ratio: number; roundRatios: number[]; firstPostMs: number; callsShare: number };
  peakRssMb: number;
  /** RSS once the core, the bridge and the renderer's process are up, before the first drop. */
  baseRssMb: number;
  /** Where the peak's memory was (MB): the V8 heap in use, and Buffers / ArrayBuffers outside it. */
  atPeakMb: { heapUsed: number; heapTotal: number; external: number; arrayBuffers: number };
  ok: boolean;
}

const content = (set: string, index: number, sizeKb: number): Buffer => {
  const filler = randomBytes(384).toString('hex').slice(0, 760);
  const lines = Array.from({ length: sizeKb }, (_, line) => `  <Note n="${line}">${filler}${'x'.repeat(1000 - 760 - 26)}</Note>`).join('\n');
  return Buffer.from(`<?xml version="1.0"?>\n<Invoice set="${set}" id="${index}">\n${lines}\n</Invoice>\n`);
};

interface FileSet {
  names: string[];
  paths: string[];
}

/** Each side's files are on disk, flushed, before its run: each side reads them as the user's machine would. */
function makeSet(dir: string, set: string, count: number, sizeKb: number): FileSet {
  const names = Array.from({ length: count }, (_, index) => `bench-${set}-${String(index).padStart(4, '0')}.xml`);
  fs.mkdirSync(path.join(dir, set), { recursive: true });
  const paths = names.map((name, index) => {
    const file = path.join(dir, set, name);
    fs.writeFileSync(file, content(set, index, sizeKb));
    return file;
  });
  return { names, paths };
}

/** Watches undici's requests: the first POST /upload's headers on the wire, and every 202 answer. */
class Wire {
  #firstPost: number | undefined;
  #accepted = 0;
  #expected = 0;
  #done: () => void = () => undefined;
  readonly #onSend = (message: unknown): void => {
    const { request: sent } = message as { request: { method: string; path: string } };
    if (this.#firstPost === undefined && sent.method === 'POST' && sent.path.endsWith('/upload')) this.#firstPost = performance.now();
  };
  readonly #onHeaders = (message: unknown): void => {
    const { request: sent, response } = message as { request: { method: string; path: string }; response: { statusCode: number } };
    if (sent.method !== 'POST' || !sent.path.endsWith('/upload')) return;
    if (response.statusCode !== 202) throw new Error(`The service answered ${response.statusCode} during the bench.`);
    this.#accepted += 1;
    if (this.#accepted === this.#expected) this.#done();
  };

  constructor() {
    diagnostics.subscribe('undici:client:sendHeaders', this.#onSend);
    diagnostics.subscribe('undici:request:headers', this.#onHeaders);
  }

  expect(count: number): Promise<void> {
    this.#firstPost = undefined;
    this.#accepted = 0;
    this.#expected = count;
    return new Promise((resolve) => (this.#done = resolve));
  }

  get firstPost(): number {
    return this.#firstPost ?? Number.NaN;
  }

  close(): void {
    diagnostics.unsubscribe('undici:client:sendHeaders', this.#onSend);
    diagnostics.unsubscribe('undici:request:headers', this.#onHeaders);
  }
}

const uploadBody = (name: string, bytes: Buffer, e2eId: string): string => JSON.stringify({ country: 'IT', file_name: name, e2e_id: e2eId, content: bytes.toString('base64') });

async function bare(emulator: EmulatorProcess, set: FileSet, wire: Wire, tag: string): Promise<RunFigures> {
  const agent = new Agent({ connections: CONCURRENCY });
  const all = wire.expect(set.names.length);
  const started = performance.now();
  await inPool(set.names, CONCURRENCY, async (name, index) => {
    const bytes = await fs.promises.readFile(set.paths[index] ?? '');
    const response = await request(`${emulator.transferUrl}/upload`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${emulator.token}` },
      body: uploadBody(name, bytes, `BARE-${tag}-${index}`),
      dispatcher: agent,
    });
    await response.body.text();
  });
  await all;
  const wallMs = performance.now() - started;
  await agent.close();
  return { wallMs, firstPostMs: wire.firstPost - started, callsMs: 0 };
}

/** The renderer's calls (send-batch.ts `planCalls`): a small first one, then at most 200 files or 4 MiB of base64 each. */
const planCalls = (files: readonly string[]): string[][] => {
  const calls: string[][] = [];
  let current: string[] = [];
  let bytes = 0;
  for (const file of files) {
    const size = Math.ceil(fs.statSync(file).size / 3) * 4;
    const limit = calls.length === 0 ? FIRST_CALL_MAX_FILES : CALL_MAX_FILES;
    if (current.length > 0 && (bytes + size > CALL_BUDGET_BYTES || current.length >= limit)) {
      calls.push(current);
      current = [];
      bytes = 0;
    }
    current.push(file);
    bytes += size;
  }
  if (current.length > 0) calls.push(current);
  return calls;
};

/** What Electron does: the preload grants each call's files, the renderer adds them by handle. */
async function byHandles(core: CoreAppWithServices, set: FileSet, wire: Wire): Promise<RunFigures> {
  const calls = planCalls(set.paths);
  const all = wire.expect(set.paths.length);
  const started = performance.now();
  let callsMs = 0;
  for (const call of calls) {
    const callStarted = performance.now();
    const granted = await core.grantFiles(call, WINDOW);
    const files = granted.map((grant) => ({ file: { kind: 'handle' as const, handle: grant?.handle ?? 'missing' } }));
    const answer = await core.handle('uploads.add', { country: 'IT', files }, { caller: 'bench', window: WINDOW });
    callsMs += performance.now() - callStarted;
    if (!answer.ok || (answer.value as { rejected: unknown[] }).rejected.length > 0) throw new Error(`uploads.add refused the bench's files: ${JSON.stringify(answer).slice(0, 300)}`);
  }
  await all;
  return { wallMs: performance.now() - started, firstPostMs: wire.firstPost - started, callsMs };
}

/** The renderer's process (bench/lib/bridge-renderer-child.ts): reads, encodes and POSTs each call's files to the bridge. */
function startRendererProcess(): ChildProcess {
  return fork(path.join(path.dirname(fileURLToPath(import.meta.url)), 'lib', 'bridge-renderer-child.ts'), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
}

/** What the browser shell does: each call's files (binary, or base64 in JSON before), through the loopback bridge, from the renderer's own process. */
async function byBridge(renderer: ChildProcess, bridge: BridgeServer, secret: string, set: FileSet, wire: Wire, binary: boolean): Promise<RunFigures> {
  const all = wire.expect(set.names.length);
  const answered = new Promise<DropAnswer>((resolve, reject) => {
    renderer.once('message', (answer) => resolve(answer as DropAnswer));
    renderer.once('exit', (code) => reject(new Error(`The renderer's process ended (${code}) during the bench.`)));
  });
  const message: DropMessage = { origin: bridge.origin, secret, calls: planCalls(set.paths), binary };
  renderer.send(message);
  const answer = await answered;
  if (answer.error) throw new Error(answer.error);
  await all;
  // The drop began in the renderer's process: its clock and this one's meet through their absolute time.
  const started = answer.startedAt - performance.timeOrigin;
  return { wallMs: performance.now() - started, firstPostMs: wire.firstPost - started, callsMs: answer.callsMs };
}

async function startCore(emulator: EmulatorProcess, userDataDir: string): Promise<CoreAppWithServices> {
  const ports = { ...createMemoryPorts({ userDataDir }), clock: createSystemClock(), shell: 'electron' as const };
  const core = createCoreApp(ports, { emulator: { autoStart: false }, uploads: { concurrency: CONCURRENCY, pollMinMs: 3_600_000, pollMaxMs: 3_600_000 } });
  const call = async (channel: string, payload: unknown): Promise<void> => {
    const answer = await core.handle(channel, payload, { caller: 'bench', window: WINDOW });
    if (!answer.ok) throw new Error(`${channel}: ${answer.error.message}`);
  };
  await call('profiles.save', { id: 'bench', name: 'Bench emulator', kind: 'remote', environment: 'sandbox', urls: emulator.urls });
  await call('profiles.activate', { id: 'bench' });
  await call('session.login', { email: emulator.account.email, password: emulator.account.password });
  await call('uploads.list', {});
  return core;
}

export async function runUploadRoutes(options: { files?: number; sizeKb?: number; rounds?: number; latency?: string; sides?: Side[] } = {}): Promise<UploadRoutesResult> {
  const files = options.files ?? 1000;
  const sizeKb = options.sizeKb ?? 64;
  const rounds = options.rounds ?? 3;
  const latency = options.latency ?? '20-80';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerdesk-bench-routes-'));
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerdesk-bench-routes-data-'));
  const emulator = await startEmulatorProcess(['--documents', '0', '--processing-delay', '3600000', '--faults', `latency=${latency}`]);
  const core = await startCore(emulator, userDataDir);
  const secret = randomBytes(24).toString('base64url');
  const rendererDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerdesk-bench-routes-renderer-'));
  const bridge = await startBridgeServer({ core, rendererDir, secret, port: 0 });
  const renderer = startRendererProcess();
  const wire = new Wire();
  const baseRssMb = Math.round(process.memoryUsage.rss() / (1024 * 1024));
  let peakRss = process.memoryUsage.rss();
  let atPeak = process.memoryUsage();
  const sampler = setInterval(() => {
    const rss = process.memoryUsage.rss();
    if (rss <= peakRss) return;
    peakRss = rss;
    atPeak = process.memoryUsage();
  }, 50);
  const figures: Record<Side, RunFigures[]> = { bare: [], handles: [], bridge: [], 'bridge-json': [] };
  const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  try {
    const order: Side[] = ['bare', ...(options.sides ?? ['handles', 'bridge']).filter((side) => side !== 'bare')];
    // Round 0 warms every side up (a tenth of the files) and is not counted.
    for (let round = 0; round <= rounds; round += 1) {
      const count = round === 0 ? Math.max(CALL_MAX_FILES, Math.round(files / 10)) : files;
      const rotated = [...order.slice(round % order.length), ...order.slice(0, round % order.length)];
      for (const side of rotated) {
        const set = makeSet(dir, `${side}-${round}`, count, sizeKb);
        syncDisks();
        await settle();
        const run =
          side === 'bare' ? await bare(emulator, set, wire, String(round))
          : side === 'handles' ? await byHandles(core, set, wire)
          : await byBridge(renderer, bridge, secret, set, wire, side === 'bridge');
        if (round > 0) figures[side].push(run);
        fs.rmSync(path.join(dir, `${side}-${round}`), { recursive: true, force: true });
      }
    }
    const ratios = (side: Side): number[] => figures[side].map((run, index) => run.wallMs / (figures.bare[index]?.wallMs ?? Number.NaN));
    const rounded = (value: number, places = 3): number => Math.round(value * 10 ** places) / 10 ** places;
    const med = (side: Side, pick: (run: RunFigures) => number): number => median(figures[side].map(pick));
    const handlesRatio = median(ratios('handles'));
    const bridgeRatio = median(ratios('bridge'));
    const handlesFirstPostMs = med('handles', (run) => run.firstPostMs);
    const bridgeFirstPostMs = med('bridge', (run) => run.firstPostMs);
    const peakRssMb = Math.round(peakRss / (1024 * 1024));
    return {
      name: 'uploads-routes',
      files,
      fileKb: sizeKb,
      concurrency: CONCURRENCY,
      latency,
      rounds,
      bareMs: Math.round(med('bare', (run) => run.wallMs)),
      handlesMs: Math.round(med('handles', (run) => run.wallMs)),
      bridgeMs: Math.round(med('bridge', (run) => run.wallMs)),
      handlesRatio: rounded(handlesRatio),
      bridgeRatio: rounded(bridgeRatio),
      roundRatios: { handles: ratios('handles').map((value) => rounded(value)), bridge: ratios('bridge').map((value) => rounded(value)) },
      handlesFirstPostMs: Math.round(handlesFirstPostMs),
      bridgeFirstPostMs: Math.round(bridgeFirstPostMs),
      handlesCallsShare: rounded(med('handles', (run) => run.callsMs / run.wallMs)),
      bridgeCallsShare: rounded(med('bridge', (run) => run.callsMs / run.wallMs)),
      ...(figures['bridge-json'].length > 0
        ? {
            bridgeJson: {
              ms: Math.round(med('bridge-json', (run) => run.wallMs)),
              ratio: rounded(median(ratios('bridge-json'))),
              roundRatios: ratios('bridge-json').map((value) => rounded(value)),
              firstPostMs: Math.round(med('bridge-json', (run) => run.firstPostMs)),
              callsShare: rounded(med('bridge-json', (run) => run.callsMs / run.wallMs)),
            },
          }
        : {}),
      peakRssMb,
      baseRssMb,
      atPeakMb: { heapUsed: mb(atPeak.heapUsed), heapTotal: mb(atPeak.heapTotal), external: mb(atPeak.external), arrayBuffers: mb(atPeak.arrayBuffers) },
      // The earlier route (bridge-json) is measured for comparison only.
      ok: order.every((side) => side === 'bare' || side === 'bridge-json' || (median(ratios(side)) <= 1.1 && med(side, (run) => run.firstPostMs) <= 150)) && peakRssMb <= 300,
    };
  } finally {
    clearInterval(sampler);
    renderer.disconnect();
    wire.close();
    await bridge.close();
    await core.dispose();
    await stopEmulatorProcess(emulator);
    for (const folder of [dir, userDataDir, rendererDir]) fs.rmSync(folder, { recursive: true, force: true });
  }
}

function mb(bytes: number): number {
  return Math.round(bytes / (1024 * 1024));
}

const isMain = process.argv[1] !== undefined && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (isMain) {
  const { values } = parseArgs({ options: { files: { type: 'string' }, 'size-kb': { type: 'string' }, rounds: { type: 'string' }, latency: { type: 'string' }, sides: { type: 'string' } } });
  const result = await runUploadRoutes({
    ...(values.files ? { files: Number(values.files) } : {}),
    ...(values['size-kb'] ? { sizeKb: Number(values['size-kb']) } : {}),
    ...(values.rounds ? { rounds: Number(values.rounds) } : {}),
    ...(values.latency ? { latency: values.latency } : {}),
    ...(values.sides ? { sides: values.sides.split(',').filter((side): side is Side => side === 'handles' || side === 'bridge' || side === 'bridge-json') } : {}),
  });
  process.stdout.write(`${JSON.stringify(result)}\n`);
  process.exit(result.ok ? 0 : 1);
}

/**
 * DESIGN §9 / issue 12: uploads measured on the routes users take, with the emulator's latency at
 * 20–80 ms on every request (`--faults latency=20-80`):
 *   - granted handles (Electron): the preload grants the dropped files (`CoreApp.grantFiles`), the
 *     renderer calls `uploads.add` with the handles, 200 files a call as it does;
 *   - browser shell (`bridge`): the files as binary, POSTed to the shell's bridge (`/bridge/invoke/
 *     uploads.add`, its secret and Origin), 200 files a call as the renderer does; `bridge-json`
 *     (only with `--sides`) is the route before issue 12's sixth session, the bytes base64 in JSON;
 *   - bare POSTs of the same bodies at the same concurrency (the app's, `UPLOAD_CONCURRENCY`).
 * One core app (the real one: profile, login, handlers, journal, reading thread) and the bridge
 * server take every drop, in a process of their own (bench/lib/routes-core-child.ts), bundled as
 * the Electron build bundles the core (`--core tsx`: through tsx, as `npm run start:browser` runs),
 * configured as the browser shell's core (`--warm-validation`: as Electron's main, which also warms
 * the validation engine 3 s after start; `npm run bench` measures that configuration). Since issue
 * 12's ninth session the validation engine runs in a process of its own (standards/engine/remote.ts;
 * under Electron a utility process): its peak RSS is reported beside the core's (`enginePeakRssMb`),
 * not inside it.
 * Per round, each side sends 1 000 fresh files of 64 KB; the order of the three rotates.
 * Ratios are the median of the rounds' route/bare. Also: drop → first POST on the wire (undici's
 * `sendHeaders` diagnostics channel, in the process that POSTs), the bridge's share (time inside
 * the `uploads.add` calls), and the peak RSS of the core's process (its VmHWM; the emulator, the
 * validation engine's process and this bench's process are not counted in it).
 *
 *   npx tsx bench/uploads-routes.ts [--files 1000] [--size-kb 64] [--rounds 3] [--latency 20-80] [--sides handles,bridge,bridge-json] [--core bundle|tsx] [--warm-validation]
 *
 * Every side reads its files from disk in its run: the bare loop reads and encodes in this
 * process; the bridge route's renderer reads each call's files and POSTs them to the core's
 * bridge from this process, as Chromium does (bench/lib/bridge-renderer.ts); the handle route
 * sends the paths to the core's process, as the preload does. Following uploads (the shared
 * poller) is off while sending is measured, as in the earlier bench.
 *
 * Until issue 12's eighth session the core, the bridge server and the bare loop ran in this
 * process under tsx, and the peak RSS was this process's (see docs/performance.md).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Agent, request } from 'undici';
import { UPLOAD_CONCURRENCY } from '../electron/core/transfer/service';
import { dropThroughBridge } from './lib/bridge-renderer';
import { CoreProcess, type CoreRuntime } from './lib/core-process';
import { startEmulatorProcess, stopEmulatorProcess, type EmulatorProcess } from './lib/emulator-process';
import { inPool } from './lib/pool';
import type { MemoryFigures, RssByKind, StartSteps } from './lib/routes-core-child';
import { median } from './lib/stats';
import { syncDisks } from './lib/sync-disks';
import { absoluteNow, UploadWire } from './lib/upload-wire';

/** `uploads.add` calls as the renderer plans them (renderer/src/features/uploads/batch/send-batch.ts). */
const CALL_MAX_FILES = 200;
const FIRST_CALL_MAX_FILES = 8;
const CALL_BUDGET_BYTES = 4 * 1024 * 1024;
/** The app's own: the bare reference sends at the same concurrency. */
const CONCURRENCY = UPLOAD_CONCURRENCY;
const SETTLE_MS = 500;
/** Before the first drop: the core's start-up work (the viewer's engine warming in its thread) has settled. */
const START_SETTLE_MS = 3_000;
/** With `--warm-validation`: the validation engine's warm-up starts 3 s after the core and takes seconds of CPU per worker. */
const VALIDATION_SETTLE_MS = 20_000;

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
  /** How the core's process ran: bundled as the Electron build does, or through tsx. */
  core: CoreRuntime;
  /** The validation engine warmed at start, as Electron's main does (`--warm-validation`); the browser shell does not. */
  warmValidation: boolean;
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
  /** Peak RSS of the core's process (VmHWM, MB). */
  peakRssMb: number;
  /** Peak RSS of the validation engine's own process (VmHWM, MB), null when it never started (no `--warm-validation`). */
  enginePeakRssMb: number | null;
  /** RSS of the core's process once started and settled, before the first drop. */
  baseRssMb: number;
  /** RSS of the core's process at each step of its start (MB). */
  startMb: StartSteps;
  /** Where the sampled peak's memory was (MB): the V8 heap in use, and Buffers / ArrayBuffers outside it. */
  atPeakMb: MemoryFigures['atPeakMb'];
  /** Threads of the core's process at the end (main, libuv, V8 platform, worker threads). */
  coreThreads: number;
  /** The core's RSS by kind of mapping (MB), before the first drop and at the end (bench/lib/routes-core-child.ts `RssByKind`). */
  rssByKind: { base: RssByKind; end: RssByKind };
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

const uploadBody = (name: string, bytes: Buffer, e2eId: string): string => JSON.stringify({ country: 'IT', file_name: name, e2e_id: e2eId, content: bytes.toString('base64') });

async function bare(emulator: EmulatorProcess, set: FileSet, wire: UploadWire, tag: string): Promise<RunFigures> {
  const agent = new Agent({ connections: CONCURRENCY });
  const all = wire.expect(set.names.length);
  const started = absoluteNow();
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
  const sent = await all;
  await agent.close();
  return { wallMs: sent.doneAt - started, firstPostMs: sent.firstPostAt - started, callsMs: 0 };
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

/** What Electron does: the preload hands the dropped files to main, which grants them; the renderer adds them by handle (in the core's process). */
async function byHandles(core: CoreProcess, set: FileSet): Promise<RunFigures> {
  const calls = planCalls(set.paths);
  core.send({ type: 'expect', count: set.paths.length });
  const sent = core.next('sent');
  const added = core.next('added');
  const started = absoluteNow();
  core.send({ type: 'handles', calls });
  const [{ figures }, { callsMs }] = await Promise.all([sent, added]);
  return { wallMs: figures.doneAt - started, firstPostMs: figures.firstPostAt - started, callsMs };
}

/** What the browser shell does: each call's files (binary, or base64 in JSON before), POSTed to the core's bridge from this process, as Chromium does. */
async function byBridge(core: CoreProcess, origin: string, secret: string, set: FileSet, binary: boolean): Promise<RunFigures> {
  core.send({ type: 'expect', count: set.names.length });
  const sent = core.next('sent');
  const calls = planCalls(set.paths);
  const started = absoluteNow();
  const [{ figures }, { callsMs }] = await Promise.all([sent, dropThroughBridge({ origin, secret, calls, binary })]);
  return { wallMs: figures.doneAt - started, firstPostMs: figures.firstPostAt - started, callsMs };
}

export async function runUploadRoutes(options: { files?: number; sizeKb?: number; rounds?: number; latency?: string; sides?: Side[]; core?: CoreRuntime; warmValidation?: boolean } = {}): Promise<UploadRoutesResult> {
  const files = options.files ?? 1000;
  const sizeKb = options.sizeKb ?? 64;
  const rounds = options.rounds ?? 3;
  const latency = options.latency ?? '20-80';
  const runtime = options.core ?? 'bundle';
  const warmValidation = options.warmValidation ?? false;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerdesk-bench-routes-'));
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerdesk-bench-routes-data-'));
  const rendererDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerdesk-bench-routes-renderer-'));
  const emulator = await startEmulatorProcess(['--documents', '0', '--processing-delay', '3600000', '--faults', `latency=${latency}`]);
  const wire = new UploadWire();
  let core: CoreProcess | undefined;
  const figures: Record<Side, RunFigures[]> = { bare: [], handles: [], bridge: [], 'bridge-json': [] };
  const settle = (ms = SETTLE_MS): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
  try {
    core = await CoreProcess.start(runtime);
    const secret = randomBytes(24).toString('base64url');
    const ready = core.next('ready');
    core.send({ type: 'start', urls: emulator.urls, account: emulator.account, userDataDir, rendererDir, secret, concurrency: CONCURRENCY, warmValidation });
    const { origin, steps } = await ready;
    await settle(warmValidation ? VALIDATION_SETTLE_MS : START_SETTLE_MS);
    const base = core.next('memory');
    core.send({ type: 'memory' });
    const { rssMb: baseRssMb, byKind: baseByKind } = (await base).figures;
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
          : side === 'handles' ? await byHandles(core, set)
          : await byBridge(core, origin, secret, set, side === 'bridge');
        if (round > 0) figures[side].push(run);
        fs.rmSync(path.join(dir, `${side}-${round}`), { recursive: true, force: true });
      }
    }
    const atEnd = core.next('memory');
    core.send({ type: 'memory' });
    const memory = (await atEnd).figures;
    const ratios = (side: Side): number[] => figures[side].map((run, index) => run.wallMs / (figures.bare[index]?.wallMs ?? Number.NaN));
    const rounded = (value: number, places = 3): number => Math.round(value * 10 ** places) / 10 ** places;
    const med = (side: Side, pick: (run: RunFigures) => number): number => median(figures[side].map(pick));
    const handlesRatio = median(ratios('handles'));
    const bridgeRatio = median(ratios('bridge'));
    const handlesFirstPostMs = med('handles', (run) => run.firstPostMs);
    const bridgeFirstPostMs = med('bridge', (run) => run.firstPostMs);
    return {
      name: 'uploads-routes',
      files,
      fileKb: sizeKb,
      concurrency: CONCURRENCY,
      latency,
      rounds,
      core: runtime,
      warmValidation,
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
      peakRssMb: memory.hwmMb,
      enginePeakRssMb: memory.engineHwmMb,
      baseRssMb,
      startMb: steps,
      atPeakMb: memory.atPeakMb,
      coreThreads: memory.threads,
      rssByKind: { base: baseByKind, end: memory.byKind },
      // The earlier route (bridge-json) is measured for comparison only.
      ok: order.every((side) => side === 'bare' || side === 'bridge-json' || (median(ratios(side)) <= 1.1 && med(side, (run) => run.firstPostMs) <= 150)) && memory.hwmMb <= 300,
    };
  } finally {
    wire.close();
    await core?.stop();
    await stopEmulatorProcess(emulator);
    for (const folder of [dir, userDataDir, rendererDir]) fs.rmSync(folder, { recursive: true, force: true });
  }
}

const isMain = process.argv[1] !== undefined && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (isMain) {
  const { values } = parseArgs({ options: { files: { type: 'string' }, 'size-kb': { type: 'string' }, rounds: { type: 'string' }, latency: { type: 'string' }, sides: { type: 'string' }, core: { type: 'string' }, 'warm-validation': { type: 'boolean' } } });
  if (values.core !== undefined && values.core !== 'bundle' && values.core !== 'tsx') {
    process.stderr.write(`--core must be "bundle" or "tsx", not "${values.core}".\n`);
    process.exit(2);
  }
  const result = await runUploadRoutes({
    ...(values.files ? { files: Number(values.files) } : {}),
    ...(values['size-kb'] ? { sizeKb: Number(values['size-kb']) } : {}),
    ...(values.rounds ? { rounds: Number(values.rounds) } : {}),
    ...(values.latency ? { latency: values.latency } : {}),
    ...(values.sides ? { sides: values.sides.split(',').filter((side): side is Side => side === 'handles' || side === 'bridge' || side === 'bridge-json') } : {}),
    ...(values.core ? { core: values.core } : {}),
    ...(values['warm-validation'] ? { warmValidation: true } : {}),
  });
  process.stdout.write(`${JSON.stringify(result)}\n`);
  process.exit(result.ok ? 0 : 1);
}

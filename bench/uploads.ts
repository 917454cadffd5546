/**
 * DESIGN §9: upload of 200 files. The client's overhead (validation, hashing, journal with its
 * fsyncs, bookkeeping) must stay under 10 % of the time bare POSTs take for the same files at the
 * same concurrency, and memory must stay bounded (no file held twice).
 *
 *   npx tsx bench/uploads.ts [--files 200] [--size-kb 64] [--warmup 3] [--rounds 11]
 *   npx tsx bench/uploads.ts --resilience [--files 200] [--faults upload503=0.2,latency=50-300]
 *
 * The first form measures the overhead; the second sends the files through injected faults and
 * checks that every file ends on the service exactly once. Each prints one JSON line and exits 1
 * when its check fails. `runUploadsBench()` and `runUploadsResilience()` are exported for a bench
 * runner. Wall times on a busy machine are noisy: the client's CPU time is reported as well.
 *
 * As in the app, one upload service (with its journal and reading thread) takes every drop; each
 * round drops a fresh set of files (new names and content: the same file twice would be refused
 * as already sent). Both sides warm up for `--warmup` rounds first: the bare loop's own code and
 * the emulator's take a few rounds to be compiled, and a cold bare loop hides the client's cost.
 * Then each round (11 by default: an odd count has a true middle) times both on the same files,
 * in alternating order, and the overhead is the median of the rounds' ratios (a pair is timed a
 * moment apart, so a slow moment of the machine slows both). Every round's ratio is in the output.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { Agent, request } from 'undici';
import { createTestUploads, waitFor, type TestUploads } from '../electron/core/transfer/testing/harness';
import { inPool } from './lib/pool';
import { median } from './lib/stats';
import { uploadsVerdict } from './lib/uploads-verdict';
import { syncDisks } from './lib/sync-disks';
import { UPLOAD_CONCURRENCY } from '../electron/core/transfer/service';
import { startEmulatorProcess, stopEmulatorProcess, type EmulatorProcess } from './lib/emulator-process';

export interface UploadsBenchOptions {
  files: number;
  sizeKb: number;
  warmup: number;
  rounds: number;
  concurrency: number;
}

export interface UploadsBenchResult {
  name: 'uploads';
  files: number;
  fileKb: number;
  concurrency: number;
  rounds: number;
  /** Medians over the measured rounds. */
  bareMs: number;
  clientMs: number;
  /** CPU time of this process (the client side; the emulator runs in its own process), medians. */
  bareCpuMs: number;
  clientCpuMs: number;
  /** The median of the rounds' (client − bare) / bare. */
  overhead: number;
  /** Each measured round's (client − bare) / bare, in order. */
  roundOverheads: number[];
  budget: number;
  peakRssMb: number;
  ok: boolean;
}

function makeFiles(dir: string, count: number, sizeKb: number, set = 0): string[] {
  const filler = 'x'.repeat(1024);
  fs.mkdirSync(dir, { recursive: true });
  return Array.from({ length: count }, (_, index) => {
    const lines = Array.from({ length: sizeKb }, (_, line) => `  <Note n="${line}">${filler.slice(0, 1000)}</Note>`).join('\n');
    const file = path.join(dir, `bench-${String(set).padStart(2, '0')}-${String(index).padStart(4, '0')}.xml`);
    fs.writeFileSync(file, `<?xml version="1.0"?>\n<Invoice set="${set}" id="${index}">\n${lines}\n</Invoice>\n`);
    return file;
  });
}

/**
 * A pause between timed runs: what one side leaves behind (the service's paced list events, at
 * most 150 ms after its last change; a closed agent's sockets) is done before the other starts.
 */
const SETTLE_MS = 250;
const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, SETTLE_MS));

interface Timed {
  wallMs: number;
  cpuMs: number;
}

async function timed(work: () => Promise<void>): Promise<Timed> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  await work();
  const used = process.cpuUsage(cpu);
  return { wallMs: performance.now() - started, cpuMs: (used.user + used.system) / 1000 };
}

/** The bare loop: read, base64, JSON, POST; nothing else. */
async function bareRun(emulator: EmulatorProcess, files: readonly string[], concurrency: number, round: number): Promise<Timed> {
  const agent = new Agent({ connections: concurrency });
  const result = await timed(() => inPool(files, concurrency, async (file, index) => {
    const bytes = await fs.promises.readFile(file);
    const body = JSON.stringify({ country: 'IT', file_name: path.basename(file), e2e_id: `BARE-${round}-${index}`, content: bytes.toString('base64') });
    const response = await request(`${emulator.transferUrl}/upload`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${emulator.token}` },
      body,
      dispatcher: agent,
    });
    await response.body.text();
    if (response.statusCode !== 202) throw new Error(`bare POST answered ${response.statusCode}`);
  }));
  await agent.close();
  return result;
}

/**
 * The app's way, through one service for every round: journal every file, then send. A round is
 * done when the service has accepted every file and the journal holds it on disk: the last 202 is
 * handled, then the journal's waiting lines are written. (Waiting for `uploads.changed` would add
 * the event throttle, up to 150 ms of UI pacing, to the measure.)
 */
class ClientSide {
  readonly #userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerdesk-bench-uploads-'));
  readonly #uploads: TestUploads;
  #answered = 0;
  #expected = 0;
  #allAnswered: () => void = () => undefined;

  constructor(emulator: EmulatorProcess, concurrency: number) {
    this.#uploads = createTestUploads({
      transferUrl: emulator.transferUrl,
      userDataDir: this.#userDataDir,
      token: emulator.token,
      user: { uid: 'bench', email: 'bench@example.test' },
      recordEvents: false,
      // The product's concurrency and event pacing. Following the uploads afterwards (the shared
      // poller) is not part of sending them: it starts after the bench is over.
      tuning: { concurrency, pollMinMs: 3_600_000, pollMaxMs: 3_600_000, changedThrottleMs: 150 },
      hooks: {
        afterPostAnswer: (_entry, outcome) => {
          if (outcome !== 'accepted') throw new Error(`The service answered ${outcome} during the bench.`);
          this.#answered += 1;
          if (this.#answered === this.#expected) this.#allAnswered();
        },
      },
    });
  }

  start(): Promise<void> {
    return this.#uploads.service.start();
  }

  async run(files: readonly string[]): Promise<Timed> {
    this.#answered = 0;
    this.#expected = files.length;
    const everyFileAnswered = new Promise<void>((resolve) => (this.#allAnswered = resolve));
    return timed(async () => {
      const added = await this.#uploads.service.add({ country: 'IT', files: files.map((file) => ({ file: { kind: 'path' as const, path: file } })) });
      if (added.entries.length !== files.length) throw new Error(`The service refused ${files.length - added.entries.length} of the bench's files: ${added.rejected[0]?.message ?? ''}`);
      await everyFileAnswered;
      await this.#uploads.service.flush();
    });
  }

  async close(): Promise<void> {
    await this.#uploads.close();
    fs.rmSync(this.#userDataDir, { recursive: true, force: true });
  }
}

export async function runUploadsBench(options: Partial<UploadsBenchOptions> = {}): Promise<UploadsBenchResult> {
  const settings: UploadsBenchOptions = { files: 200, sizeKb: 64, warmup: 3, rounds: 11, concurrency: UPLOAD_CONCURRENCY, ...options };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerdesk-bench-files-'));
  // Slow processing: the service's own pipeline should not compete with the POSTs being measured.
  const emulator = await startEmulatorProcess(['--documents', '0', '--processing-delay', '3600000']);
  const client = new ClientSide(emulator, settings.concurrency);
  let peakRss = process.memoryUsage.rss();
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 100);
  try {
    await client.start();
    // Every round's files are written first, and flushed to the disk: writing them back while a
    // round runs would slow its journal's flushes (on ext4 a flush waits for other files' data).
    const sets = Array.from({ length: settings.warmup + settings.rounds }, (_, round) => makeFiles(path.join(dir, `set-${round}`), settings.files, settings.sizeKb, round));
    syncDisks();
    const bare: Timed[] = [];
    const app: Timed[] = [];
    for (const [round, files] of sets.entries()) {
      // Alternating order: neither side always runs right after the other's work.
      let bareRound: Timed;
      let clientRound: Timed;
      if (round % 2 === 0) {
        bareRound = await bareRun(emulator, files, settings.concurrency, round);
        await settle();
        clientRound = await client.run(files);
      } else {
        clientRound = await client.run(files);
        await settle();
        bareRound = await bareRun(emulator, files, settings.concurrency, round);
      }
      await settle();
      if (round >= settings.warmup) {
        bare.push(bareRound);
        app.push(clientRound);
      }
    }
    const roundOverheads = app.map((clientRound, index) => clientRound.wallMs / (bare[index]?.wallMs ?? Number.NaN) - 1);
    const overhead = median(roundOverheads);
    const rounded = (value: number): number => Math.round(value * 1000) / 1000;
    return {
      name: 'uploads',
      files: settings.files,
      fileKb: settings.sizeKb,
      concurrency: settings.concurrency,
      rounds: settings.rounds,
      bareMs: Math.round(median(bare.map((round) => round.wallMs))),
      clientMs: Math.round(median(app.map((round) => round.wallMs))),
      bareCpuMs: Math.round(median(bare.map((round) => round.cpuMs))),
      clientCpuMs: Math.round(median(app.map((round) => round.cpuMs))),
      overhead: rounded(overhead),
      roundOverheads: roundOverheads.map(rounded),
      budget: 0.1,
      peakRssMb: Math.round(peakRss / (1024 * 1024)),
      ok: overhead <= 0.1,
    };
  } finally {
    clearInterval(sampler);
    await client.close();
    await stopEmulatorProcess(emulator);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export interface UploadsResilienceResult {
  name: 'uploads-resilience';
  files: number;
  faults: string;
  ms: number;
  uncertainSends: number;
  retriedByUser: number;
  /** Files the service holds more than once (not counting failed uploads): must be 0. */
  duplicated: number;
  /** Files not delivered in the end: must be 0. */
  lost: number;
  ok: boolean;
}

/** 200 files through random 503s and latency: each must end delivered, exactly once. */
export async function runUploadsResilience(options: { files?: number; faults?: string } = {}): Promise<UploadsResilienceResult> {
  const count = options.files ?? 200;
  const faults = options.faults ?? 'upload503=0.2,latency=50-300';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerdesk-bench-resilience-'));
  const emulator = await startEmulatorProcess(['--documents', '0', '--processing-delay', '20', '--faults', faults]);
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerdesk-bench-resilience-data-'));
  const uploads = createTestUploads({ transferUrl: emulator.transferUrl, userDataDir, token: emulator.token, user: { uid: 'bench', email: 'bench@example.test' } });
  try {
    const files = makeFiles(dir, count, 4);
    const started = performance.now();
    await uploads.service.add({ country: 'PL', files: files.map((file) => ({ file: { kind: 'path' as const, path: file } })) });
    let retriedByUser = 0;
    for (let round = 0; round < 5; round += 1) {
      const list = await waitFor(
        async () => {
          const all = await uploads.service.list();
          return all.length === count && all.every((entry) => ['done', 'failed', 'rejected'].includes(entry.state)) ? all : undefined;
        },
        { timeoutMs: 600_000 },
      );
      const failed = list.filter((entry) => entry.state === 'failed');
      if (failed.length === 0) break;
      // What a user would do with a file the rules let them resend.
      for (const entry of failed) await uploads.service.retry(entry.localId);
      retriedByUser += failed.length;
    }
    const ms = performance.now() - started;
    const { duplicated, lost, uncertain: uncertainSends } = await uploadsVerdict(uploads.service);
    return { name: 'uploads-resilience', files: count, faults, ms: Math.round(ms), uncertainSends, retriedByUser, duplicated, lost, ok: duplicated === 0 && lost === 0 };
  } finally {
    await uploads.close();
    await stopEmulatorProcess(emulator);
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(userDataDir, { recursive: true, force: true });
  }
}

export interface UploadsKillsResult {
  name: 'uploads-kills';
  files: number;
  faults: string;
  kills: number;
  ms: number;
  uncertainSends: number;
  duplicated: number;
  lost: number;
  ok: boolean;
}

/**
 * The core's uploads service in a child process is killed hard (SIGKILL) `kills` times mid-batch,
 * at 1/(kills+1), 2/(kills+1)… of the files sent, and started again on the same journal each
 * time (it reconciles what the killed run left); the last run goes to the end. Every file must
 * end delivered exactly once.
 */
export async function runUploadsKills(options: { files?: number; faults?: string; kills?: number } = {}): Promise<UploadsKillsResult> {
  const count = options.files ?? 200;
  const faults = options.faults ?? 'latency=20-80';
  const kills = options.kills ?? 3;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerdesk-bench-kills-'));
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerdesk-bench-kills-data-'));
  const emulator = await startEmulatorProcess(['--documents', '0', '--processing-delay', '20', '--faults', faults]);
  const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
  try {
    const listFile = path.join(dir, 'files.txt');
    fs.writeFileSync(listFile, makeFiles(path.join(dir, 'files'), count, 4).join('\n'));
    const started = performance.now();
    let final: { duplicated: number; lost: number; uncertain: number } | undefined;
    for (let run = 0; run <= kills; run += 1) {
      const config = { transferUrl: emulator.transferUrl, token: emulator.token, userDataDir, total: count, verify: run === kills, ...(run === 0 ? { addFrom: listFile } : {}) };
      const child = spawn(process.execPath, ['--import', 'tsx', 'bench/lib/uploads-kill-child.ts', JSON.stringify(config)], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
      const exited = once(child, 'exit');
      const killAt = Math.ceil(((run + 1) * count) / (kills + 1));
      for await (const line of createInterface({ input: child.stdout })) {
        const progress = JSON.parse(line) as { sent?: number; final?: typeof final };
        if (progress.final) final = progress.final;
        if (run < kills && (progress.sent ?? 0) >= killAt) {
          child.kill('SIGKILL');
          break;
        }
      }
      await exited;
    }
    if (!final) throw new Error('The last run ended without its verdict.');
    const ok = final.duplicated === 0 && final.lost === 0;
    return { name: 'uploads-kills', files: count, faults, kills, ms: Math.round(performance.now() - started), uncertainSends: final.uncertain, duplicated: final.duplicated, lost: final.lost, ok };
  } finally {
    await stopEmulatorProcess(emulator);
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(userDataDir, { recursive: true, force: true });
  }
}

const isMain = process.argv[1] !== undefined && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (isMain) {
  const { values } = parseArgs({
    options: { files: { type: 'string' }, 'size-kb': { type: 'string' }, warmup: { type: 'string' }, rounds: { type: 'string' }, resilience: { type: 'boolean' }, kills: { type: 'boolean' }, faults: { type: 'string' } },
  });
  const result = values.kills
    ? await runUploadsKills({ ...(values.files ? { files: Number(values.files) } : {}), ...(values.faults ? { faults: values.faults } : {}) })
    : values.resilience
    ? await runUploadsResilience({ ...(values.files ? { files: Number(values.files) } : {}), ...(values.faults ? { faults: values.faults } : {}) })
    : await runUploadsBench({
        ...(values.files ? { files: Number(values.files) } : {}),
        ...(values['size-kb'] ? { sizeKb: Number(values['size-kb']) } : {}),
        ...(values.warmup ? { warmup: Number(values.warmup) } : {}),
        ...(values.rounds ? { rounds: Number(values.rounds) } : {}),
      });
  process.stdout.write(`${JSON.stringify(result)}\n`);
  process.exit(result.ok ? 0 : 1);
}

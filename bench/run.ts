/**
 * `npm run bench [-- --only inbox,pdf]`: runs every bench of DESIGN §9 in sequence, each in its own
 * process with its own time limit (a stuck bench is stopped, its processes with it), then prints a
 * table of each measured value, its budget and pass/fail, and writes bench/results/latest.json.
 * Exits 1 when a budget is missed or a bench failed to measure.
 *
 * Budgets are ratios measured in one run where possible (the machine is shared and noisy); see
 * docs/performance.md for what each bench measures and how to read the numbers.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { repoRoot } from '../e2e/shell-choice';
import { benchCheckSchema, type BenchCheck } from './lib/checks';
import { stringFlags } from './lib/cli';
import { log } from './lib/resources';
import { round } from './lib/stats';

interface BenchSpec {
  name: string;
  script: string;
  args: string[];
  timeoutMs: number;
  /** Turns the bench's JSON line into table rows; throws when the line is not what the bench prints. */
  checks(line: unknown): BenchCheck[];
}

const folderRunSchema = z.looseObject({ folder: z.string(), ram: z.boolean(), clientMs: z.number(), ratio: z.number(), thousandFilesMs: z.number() });

const documentsBulkSchema = z.looseObject({
  documents: z.number(),
  concurrency: z.number(),
  bareMs: z.number(),
  clientMs: z.number(),
  ratio: z.number(),
  budget: z.number(),
  ok: z.boolean(),
  ram: folderRunSchema,
  disk: folderRunSchema,
  cores: z.union([z.object({ emulator: z.string(), bench: z.string() }), z.object({ shared: z.string() })]).optional(),
});

const uploadsSchema = z.looseObject({
  files: z.number(),
  fileKb: z.number(),
  concurrency: z.number(),
  bareMs: z.number(),
  clientMs: z.number(),
  bareCpuMs: z.number(),
  clientCpuMs: z.number(),
  overhead: z.number(),
  roundOverheads: z.array(z.number()),
  budget: z.number(),
  peakRssMb: z.number(),
  ok: z.boolean(),
});

const resilienceSchema = z.looseObject({ files: z.number(), faults: z.string(), ms: z.number(), uncertainSends: z.number(), duplicated: z.number(), lost: z.number(), ok: z.boolean() });

const routesSchema = z.looseObject({
  files: z.number(),
  fileKb: z.number(),
  concurrency: z.number(),
  latency: z.string(),
  bareMs: z.number(),
  handlesMs: z.number(),
  bridgeMs: z.number(),
  handlesRatio: z.number(),
  bridgeRatio: z.number(),
  roundRatios: z.object({ handles: z.array(z.number()), bridge: z.array(z.number()) }),
  handlesFirstPostMs: z.number(),
  bridgeFirstPostMs: z.number(),
  handlesCallsShare: z.number(),
  bridgeCallsShare: z.number(),
  peakRssMb: z.number(),
  enginePeakRssMb: z.number().nullable().optional(),
  baseRssMb: z.number().optional(),
  core: z.string().optional(),
  warmValidation: z.boolean().optional(),
});

const killsSchema = z.looseObject({ files: z.number(), faults: z.string(), kills: z.number(), ms: z.number(), uncertainSends: z.number(), duplicated: z.number(), lost: z.number(), ok: z.boolean() });

const checksLineSchema = z.looseObject({ checks: z.array(benchCheckSchema) });

const benches: BenchSpec[] = [
  {
    name: 'documents-bulk',
    script: 'bench/documents-bulk.ts',
    args: [],
    timeoutMs: 300_000,
    checks: (line) => {
      const result = documentsBulkSchema.parse(line);
      return [
        {
          bench: 'documents-bulk',
          measure: `Bulk download of ${result.documents} documents: throughput vs a bare undici loop (concurrency ${result.concurrency})`,
          value: result.ratio,
          unit: '×',
          budget: `≥ ${result.budget}`,
          ok: result.ok,
          note: `client ${result.clientMs} ms, bare ${result.bareMs} ms (best of the rounds); files written in ${result.ram.folder}${result.ram.ram ? ' (RAM-backed)' : ''}; ${
            result.cores === undefined ? '' : 'shared' in result.cores ? `the emulator shared the cores (${result.cores.shared})` : `the emulator on core ${result.cores.emulator}, the bench on ${result.cores.bench}`
          }`,
        },
        {
          bench: 'documents-bulk',
          measure: `Same, writing into ${result.disk.folder}${result.disk.ram ? ' (RAM-backed)' : ' (on the disk)'}`,
          value: result.disk.ratio,
          unit: '×',
          budget: null,
          ok: null,
          note: `client ${result.disk.clientMs} ms`,
        },
        {
          bench: 'documents-bulk',
          measure: 'What 1 000 files cost each folder by themselves (create, write, fsync, rename in a plain loop)',
          value: result.disk.thousandFilesMs,
          unit: 'ms',
          budget: null,
          ok: null,
          note: `${result.disk.folder}: ${result.disk.thousandFilesMs} ms; ${result.ram.folder}: ${result.ram.thousandFilesMs} ms; the bare loop's whole run: ${result.bareMs} ms`,
        },
      ];
    },
  },
  {
    name: 'uploads',
    script: 'bench/uploads.ts',
    args: [],
    timeoutMs: 240_000,
    checks: (line) => {
      const result = uploadsSchema.parse(line);
      return [
        {
          bench: 'uploads',
          measure: `Upload of ${result.files} files (${result.fileKb} KB): client overhead vs bare POSTs (concurrency ${result.concurrency})`,
          value: round(result.overhead * 100),
          unit: '%',
          budget: `≤ ${round(result.budget * 100)} %`,
          ok: result.ok,
          note: `median of ${result.roundOverheads.length} paired rounds (${round(Math.min(...result.roundOverheads) * 100)} to ${round(Math.max(...result.roundOverheads) * 100)} %); client ${result.clientMs} ms, bare ${result.bareMs} ms; CPU ${result.clientCpuMs} vs ${result.bareCpuMs} ms`,
        },
        { bench: 'uploads', measure: 'Upload bench: peak RSS of the client process', value: result.peakRssMb, unit: 'MB', budget: null, ok: null },
      ];
    },
  },
  {
    name: 'uploads-resilience',
    script: 'bench/uploads.ts',
    args: ['--resilience'],
    timeoutMs: 240_000,
    checks: (line) => {
      const result = resilienceSchema.parse(line);
      return [
        {
          bench: 'uploads-resilience',
          measure: `${result.files} uploads through faults (${result.faults}): files duplicated or lost`,
          value: result.duplicated + result.lost,
          unit: 'files',
          budget: '0',
          ok: result.ok,
          note: `${result.uncertainSends} uncertain sends reconciled, ${result.ms} ms`,
        },
      ];
    },
  },
  {
    name: 'uploads-routes',
    script: 'bench/uploads-routes.ts',
    // Electron's configuration: its main also warms the validation engine (in the engine's own process) after start.
    args: ['--warm-validation'],
    timeoutMs: 900_000,
    checks: (line) => {
      const r = routesSchema.parse(line);
      const what = `${r.files} files (${r.fileKb} KB), latency ${r.latency} ms, concurrency ${r.concurrency}`;
      const route = (name: string, ratio: number, rounds: number[], ms: number, share: number) => ({
        bench: 'uploads-routes',
        measure: `Upload by ${name}, ${what}: time vs bare POSTs`,
        value: ratio,
        unit: '×',
        budget: '≤ 1.10 ×',
        ok: ratio <= 1.1,
        note: `rounds ${rounds.join(', ')}; ${ms} ms vs bare ${r.bareMs} ms; calls' share ${round(share * 100)} %`,
      });
      const firstPost = (name: string, ms: number) => ({ bench: 'uploads-routes', measure: `Upload by ${name}: drop → first POST on the wire`, value: ms, unit: 'ms', budget: '≤ 150 ms', ok: ms <= 150 });
      return [
        route('granted handles (Electron)', r.handlesRatio, r.roundRatios.handles, r.handlesMs, r.handlesCallsShare),
        route('bytes through the bridge (browser shell)', r.bridgeRatio, r.roundRatios.bridge, r.bridgeMs, r.bridgeCallsShare),
        firstPost('granted handles', r.handlesFirstPostMs),
        firstPost('the bridge', r.bridgeFirstPostMs),
        {
          bench: 'uploads-routes',
          measure: `Upload routes: peak RSS of the core's process (core and bridge server${r.core ? `, ${r.core === 'bundle' ? 'bundled' : 'through tsx'}` : ''})`,
          value: r.peakRssMb,
          unit: 'MB',
          budget: '≤ 300 MB',
          ok: r.peakRssMb <= 300,
          ...(typeof r.baseRssMb === 'number' ? { note: `${r.baseRssMb} MB once started, before the first drop${r.warmValidation ? '; validation engine warmed, as Electron does' : ''}` } : {}),
        },
        ...(typeof r.enginePeakRssMb === 'number'
          ? [{ bench: 'uploads-routes', measure: "Upload routes: peak RSS of the engine process (validation and stylesheets; validation warmed at start, as Electron does)", value: r.enginePeakRssMb, unit: 'MB', budget: null, ok: null, note: `core + engine ${r.peakRssMb + r.enginePeakRssMb} MB` }]
          : []),
      ];
    },
  },
  {
    name: 'uploads-kills',
    script: 'bench/uploads.ts',
    args: ['--kills'],
    timeoutMs: 600_000,
    checks: (line) => {
      const result = killsSchema.parse(line);
      return [
        {
          bench: 'uploads-kills',
          measure: `${result.files} uploads (${result.faults}), the core killed hard ${result.kills} times mid-batch: files duplicated or lost`,
          value: result.duplicated + result.lost,
          unit: 'files',
          budget: '0',
          ok: result.ok,
          note: `${result.uncertainSends} uncertain sends reconciled, ${result.ms} ms`,
        },
      ];
    },
  },
  { name: 'uploads-drop', script: 'bench/uploads-drop.ts', args: [], timeoutMs: 1_500_000, checks: (line) => checksLineSchema.parse(line).checks },
  { name: 'inbox', script: 'bench/inbox.ts', args: [], timeoutMs: 360_000, checks: (line) => checksLineSchema.parse(line).checks },
  { name: 'pdf', script: 'bench/pdf.ts', args: [], timeoutMs: 200_000, checks: (line) => checksLineSchema.parse(line).checks },
  { name: 'first-start', script: 'bench/first-start.ts', args: [], timeoutMs: 900_000, checks: (line) => checksLineSchema.parse(line).checks },
  { name: 'validation', script: 'bench/validation.ts', args: [], timeoutMs: 600_000, checks: (line) => checksLineSchema.parse(line).checks },
  { name: 'viewer', script: 'bench/viewer.ts', args: [], timeoutMs: 120_000, checks: (line) => checksLineSchema.parse(line).checks },
  { name: 'viewer-bombs', script: 'bench/viewer-bombs.ts', args: [], timeoutMs: 180_000, checks: (line) => checksLineSchema.parse(line).checks },
  { name: 'viewer-paint', script: 'bench/viewer-paint.ts', args: [], timeoutMs: 180_000, checks: (line) => checksLineSchema.parse(line).checks },
  { name: 'folders', script: 'bench/folders.ts', args: [], timeoutMs: 900_000, checks: (line) => checksLineSchema.parse(line).checks },
];

interface BenchRun {
  name: string;
  ms: number;
  exitCode: number | null;
  /** The bench's JSON line, as printed. */
  result: unknown;
  error: string | null;
  checks: BenchCheck[];
}

const KILL_GRACE_MS = 30_000;

/** Stops the bench running now, if any (used on the time limit and when the runner is interrupted). */
let stopCurrent: (() => void) | null = null;

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    // Benches run in their own process groups, out of reach of the terminal's Ctrl-C: pass it on.
    log(`${signal}: stopping the running bench`);
    stopCurrent?.();
    setTimeout(() => process.exit(130), stopCurrent ? KILL_GRACE_MS + 1_000 : 0).unref();
  });
}

/**
 * Runs one bench script in its own process group; stderr (progress) passes through, stdout is
 * kept for its last line. Past the time limit it gets SIGTERM (it closes what it started), then
 * its whole group SIGKILL.
 */
function runScript(spec: BenchSpec): Promise<{ exitCode: number | null; stdout: string; timedOut: boolean }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, spec.script), ...spec.args], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'inherit'],
      detached: true,
    });
    let stdout = '';
    let timedOut = false;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    const killGroup = (): void => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    };
    const stop = (): void => {
      child.kill('SIGTERM');
      setTimeout(killGroup, KILL_GRACE_MS).unref();
    };
    stopCurrent = stop;
    const timer = setTimeout(() => {
      timedOut = true;
      log(`${spec.name}: over its ${spec.timeoutMs / 1000} s limit; stopping it`);
      stop();
    }, spec.timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      stopCurrent = null;
      // Whatever the bench left in its group (an emulator) goes too.
      killGroup();
      resolve({ exitCode: code, stdout, timedOut });
    });
  });
}

async function runBench(spec: BenchSpec): Promise<BenchRun> {
  log(`── ${spec.name} ──`);
  const started = performance.now();
  const base = { name: spec.name, result: null, checks: [] as BenchCheck[] };
  try {
    const { exitCode, stdout, timedOut } = await runScript(spec);
    const ms = Math.round(performance.now() - started);
    const lastLine = stdout.trim().split('\n').at(-1) ?? '';
    let result: unknown = null;
    try {
      result = lastLine === '' ? null : (JSON.parse(lastLine) as unknown);
    } catch {
      result = null;
    }
    if (result === null) {
      const why = timedOut ? `stopped after its ${spec.timeoutMs / 1000} s limit` : `exited ${String(exitCode)} without a result line`;
      return { ...base, ms, exitCode, error: `${spec.script} ${why}; see its output above.` };
    }
    return { ...base, ms, exitCode, result, error: null, checks: spec.checks(result) };
  } catch (error) {
    return { ...base, ms: Math.round(performance.now() - started), exitCode: null, error: error instanceof Error ? error.message : String(error) };
  }
}

const formatValue = (check: BenchCheck): string => {
  if (check.value === null) return '—';
  return check.unit === '×' ? `${check.value.toFixed(2)}×` : `${check.value} ${check.unit}`;
};
const verdict = (check: BenchCheck): string => (check.ok === null ? 'info' : check.ok ? 'PASS' : 'FAIL');

function table(checks: readonly BenchCheck[]): string {
  const header = ['Bench', 'Measure', 'Value', 'Budget', 'Result', 'Notes'];
  const rows = checks.map((check) => [check.bench, check.measure, formatValue(check), check.budget ?? '—', verdict(check), check.note ?? '']);
  const escape = (cell: string): string => cell.replaceAll('|', '\\|');
  return [header, header.map(() => '---'), ...rows].map((row) => `| ${row.map(escape).join(' | ')} |`).join('\n');
}

function machine(): { cpus: number; cpuModel: string; memoryGb: number; platform: string; node: string } {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model ?? 'unknown',
    memoryGb: round(os.totalmem() / 1024 ** 3),
    platform: `${os.platform()} ${os.release()}`,
    node: process.version,
  };
}

async function main(): Promise<void> {
  const flags = stringFlags(['only'], `npm run bench [-- --only ${benches.map((spec) => spec.name).join(',')}]`);
  const wanted = flags.only?.split(',').map((name) => name.trim()).filter(Boolean);
  const unknown = wanted?.filter((name) => !benches.some((spec) => spec.name === name)) ?? [];
  if (unknown.length > 0) {
    process.stderr.write(`Unknown bench(es): ${unknown.join(', ')}. Known: ${benches.map((spec) => spec.name).join(', ')}.\n`);
    process.exit(2);
  }
  const selected = wanted ? benches.filter((spec) => wanted.includes(spec.name)) : benches;
  const startedAt = new Date();
  const loadBefore = os.loadavg().map((load) => round(load, 2));
  const runs: BenchRun[] = [];
  for (const spec of selected) runs.push(await runBench(spec));
  const checks: BenchCheck[] = runs.flatMap((run) =>
    run.error === null ? run.checks : [{ bench: run.name, measure: 'Bench did not produce a result', value: null, unit: '', budget: null, ok: false, note: run.error }],
  );
  const failed = checks.filter((check) => check.ok === false);
  const report = {
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    machine: { ...machine(), loadAverageBefore: loadBefore, loadAverageAfter: os.loadavg().map((load) => round(load, 2)) },
    passed: failed.length === 0,
    checks,
    benches: runs,
  };
  const resultsDir = path.join(repoRoot, 'bench', 'results');
  fs.mkdirSync(resultsDir, { recursive: true });
  const resultsFile = path.join(resultsDir, 'latest.json');
  fs.writeFileSync(resultsFile, `${JSON.stringify(report, null, 2)}\n`);

  const durations = runs.map((run) => `${run.name} ${Math.round(run.ms / 1000)} s`).join(', ');
  process.stdout.write(
    `\n${table(checks)}\n\n${failed.length === 0 ? 'All budgets met.' : `${failed.length} budget(s) missed or not measured.`}\n` +
      `Took ${durations}. Load average (1, 5, 15 min) ${loadBefore.join(' ')} before, ${report.machine.loadAverageAfter.join(' ')} after, ` +
      `on ${report.machine.cpus} CPUs. Details: ${path.relative(repoRoot, resultsFile)}\n`,
  );
  process.exit(failed.length === 0 ? 0 : 1);
}

await main();

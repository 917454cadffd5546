/**
 * DESIGN §9 / issue 13: validation with the official artefacts, on the route the app takes: the
 * core's standards engine in its own process (standards/engine/remote.ts, the bundled host
 * dist/standards/standards-host.mjs; under Electron a utility process), with its bundled worker
 * threads, XSD + CEN + Peppol layers, the two layers in two workers at once.
 *
 *   npx tsx bench/validation.ts [--samples 15] [--lines 1000]
 *
 * - first: the first validation after the app starts, on the app's route: the desktop app warms the
 *   engine in the background after start (its process and workers started, schema and latest
 *   invoice rules loaded and run on a made-up invoice, electron/core/standards/handlers.ts), then
 *   base-example.xml, ≤ 2 s;
 * - cold: informational: a fresh engine that loads everything during the first validation (what a
 *   validation sent in the first seconds after start costs), in process as before issue 12's ninth
 *   session;
 * - warm: the median of `samples` further validations of base-example.xml, ≤ 200 ms;
 * - in process (the method before the engine got its own process, informational): the same first
 *   and warm median with the engine in this process, to show what the process boundary costs;
 * - large: a generated invoice of `lines` lines (standards/test-support/large-invoice.ts), ≤ 10 s,
 *   with the progress events it reports. The engine runs such a document per Schematron pattern,
 *   shared between its two workers (standards/engine/unit-queue.ts), and skips a pattern whose guard
 *   (derived from the compiled rules, scripts/derive-pattern-guards.mjs) is false; the previous method,
 *   the same without guards, is measured in the same run on a second engine (in process,
 *   `patternGuards: false`), warmed the same way, and reported beside it with the ratio;
 * - memory: the engine process's RSS (main thread + workers) after each phase, and this process's
 *   (the core's side), informational.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fs from 'node:fs';
import { createStandardsEngine, listRuleSets, type StandardsEngine } from '../standards/engine';
import { createProcessStandardsEngine, forkNodeEngineProcess } from '../standards/engine/remote';
import { fixtureBytes } from '../standards/test-support/fixtures';
import { largeInvoice } from '../standards/test-support/large-invoice';
import { repoRoot } from '../e2e/shell-choice';
import { ensureBuilt } from './lib/build';
import { stringFlags, wholeNumberFlag } from './lib/cli';
import { isMainModule, runAsScript, type BenchCheck } from './lib/checks';
import { log } from './lib/resources';
import { median, round } from './lib/stats';

/** The rule set the app warms after start (electron/core/standards/handlers.ts). */
const latestInvoiceRules = (): string => listRuleSets().find((ruleSet) => ruleSet.latest && ruleSet.documentTypes.includes('invoice'))!.code;

const rssMb = () => round(process.memoryUsage().rss / 1024 / 1024);
const processRssMb = (pid: number | undefined): number => {
  const kb = pid === undefined ? undefined : /^VmRSS:\s+(\d+)/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return kb === undefined ? Number.NaN : round(Number(kb) / 1024);
};

/** CPU time of another process (all its threads), from /proc/<pid>/stat (clock ticks of 10 ms). */
const processCpuMs = (pid: number | undefined): number => {
  const fields = pid === undefined ? [] : fs.readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

/** The warm-up, the first validation after it and the warm median, on one engine. */
async function firstAndWarm(engine: StandardsEngine, typical: Uint8Array, samples: number): Promise<{ warmUpMs: number; firstMs: number; warm: number[] }> {
  let started = performance.now();
  await engine.warm(latestInvoiceRules());
  const warmUpMs = performance.now() - started;
  started = performance.now();
  const first = await engine.validate(typical);
  const firstMs = performance.now() - started;
  if (!first.valid) throw new Error(`base-example.xml should be valid: ${first.fatal.map((issue) => issue.ruleId).join(', ')}`);
  const warm: number[] = [];
  for (let index = 0; index < samples; index++) {
    started = performance.now();
    await engine.validate(typical);
    warm.push(performance.now() - started);
  }
  return { warmUpMs, firstMs, warm };
}
/** CPU time of the whole process (main thread and both workers): the work done, which the load changes far less than wall time. */
const cpuMs = (usage: NodeJS.CpuUsage) => round((usage.user + usage.system) / 1000);

export async function runValidationBench(): Promise<{ checks: BenchCheck[] }> {
  const flags = stringFlags(['samples', 'lines'], 'npx tsx bench/validation.ts [--samples 15] [--lines 1000]');
  const samples = wholeNumberFlag('samples', flags.samples, 1, 1000) ?? 15;
  const lines = (wholeNumberFlag('lines', flags.lines, 2, 100_000) ?? 1000) & ~1;
  await ensureBuilt();
  const workerUrl = pathToFileURL(path.join(repoRoot, 'dist', 'standards', 'standards-worker.mjs'));
  const typical = fixtureBytes('peppol-bis-invoice-3/base-example.xml');
  const large = largeInvoice(lines);
  const rssBefore = rssMb();
  const cold = createStandardsEngine({ workerUrl, timeoutMs: 300_000 });
  let coldMs: number;
  try {
    const started = performance.now();
    await cold.validate(typical);
    coldMs = performance.now() - started;
  } finally {
    await cold.close();
  }
  log(`validation: cold (loads during the first validation) ${round(coldMs)} ms`);
  const inProcess = createStandardsEngine({ workerUrl, timeoutMs: 300_000 });
  let before: Awaited<ReturnType<typeof firstAndWarm>>;
  try {
    before = await firstAndWarm(inProcess, typical, samples);
  } finally {
    await inProcess.close();
  }
  log(`validation: in process (previous method) first ${round(before.firstMs)} ms, warm median ${round(median(before.warm))} ms`);
  let enginePid: number | undefined;
  const engine = createProcessStandardsEngine({
    entry: path.join(repoRoot, 'dist', 'standards', 'standards-host.mjs'),
    launch: (entry) => {
      const channel = forkNodeEngineProcess(entry);
      enginePid = channel.pid;
      return channel;
    },
  });
  try {
    const { warmUpMs, firstMs, warm } = await firstAndWarm(engine, typical, samples);
    log(`validation: background warm-up ${round(warmUpMs)} ms, then first ${round(firstMs)} ms`);
    const rssWarm = processRssMb(enginePid);
    log(`validation: warm median ${round(median(warm))} ms (${warm.map(round).join(', ')})`);
    let progressEvents = 0;
    let started = performance.now();
    const engineCpuStart = processCpuMs(enginePid);
    const result = await engine.validate(large, { onProgress: () => (progressEvents += 1) });
    const largeMs = performance.now() - started;
    const largeCpuMs = processCpuMs(enginePid) - engineCpuStart;
    const largeCpuNote = `${largeCpuMs} ms CPU (the engine's process)`;
    if (!result.valid) throw new Error(`the generated ${lines}-line invoice should be valid: ${result.fatal.slice(0, 5).map((issue) => issue.ruleId).join(', ')}`);
    const rssLarge = processRssMb(enginePid);
    const rssCore = rssMb();
    log(`validation: ${lines} lines ${round(largeMs)} ms, ${progressEvents} progress events`);
    await engine.close();
    // The same per-pattern run without the pattern guards (before issue 23), in process on a second engine.
    const unguardedEngine = createStandardsEngine({ workerUrl, timeoutMs: 300_000, patternGuards: false });
    let unguardedMs: number;
    let unguardedCpuMs: number;
    try {
      await unguardedEngine.warm(latestInvoiceRules());
      started = performance.now();
      const cpuStart = process.cpuUsage();
      const unguarded = await unguardedEngine.validate(large);
      unguardedMs = performance.now() - started;
      unguardedCpuMs = cpuMs(process.cpuUsage(cpuStart));
      if (unguarded.fatal.length !== result.fatal.length || unguarded.warnings.length !== result.warnings.length) throw new Error('the runs with and without pattern guards disagree on the large invoice');
    } finally {
      await unguardedEngine.close();
    }
    log(`validation: ${lines} lines, without pattern guards (previous method) ${round(unguardedMs)} ms (CPU ${unguardedCpuMs} ms); with guards ${round(largeMs)} ms (CPU ${largeCpuMs} ms); with / without = ${round(largeMs / unguardedMs)}`);
    return {
      checks: [
        { bench: 'validation', measure: "First validation after start (engine's process, rules loaded), typical invoice", value: round(firstMs), unit: 'ms', budget: '≤ 2000 ms', ok: firstMs <= 2000, note: `after the app's background warm-up of ${round(warmUpMs)} ms; in process (previous method) ${round(before.firstMs)} ms` },
        { bench: 'validation', measure: 'First validation of a cold engine (loads SaxonJS, schema, rules meanwhile)', value: round(coldMs), unit: 'ms', budget: null, ok: null, note: 'the previous method of the line above' },
        { bench: 'validation', measure: `Warm validation of a typical invoice, median of ${samples}`, value: round(median(warm)), unit: 'ms', budget: '≤ 200 ms', ok: median(warm) <= 200, note: `in process (previous method) ${round(median(before.warm))} ms` },
        { bench: 'validation', measure: `Invoice of ${lines} lines (XSD + CEN + Peppol), per pattern in 2 workers`, value: round(largeMs), unit: 'ms', budget: '≤ 10000 ms', ok: largeMs <= 10_000, note: `${progressEvents} progress events; ${round(largeMs / unguardedMs)}× the run without pattern guards; ${largeCpuNote}` },
        { bench: 'validation', measure: `Invoice of ${lines} lines, per pattern without pattern guards (previous method)`, value: round(unguardedMs), unit: 'ms', budget: null, ok: null, note: `same run, second engine, in process; ${unguardedCpuMs} ms CPU (process)` },
        { bench: 'validation', measure: "Engine memory: the engine's process RSS after warm validations (main + 2 workers)", value: rssWarm, unit: 'MB', budget: null, ok: null, note: `the core's side: ${rssBefore} MB at the bench's start` },
        { bench: 'validation', measure: `Engine memory: the engine's process RSS after the ${lines}-line invoice`, value: rssLarge, unit: 'MB', budget: null, ok: null, note: `the core's side (this process) ${rssCore} MB` },
      ],
    };
  } finally {
    await engine.close();
  }
}

if (isMainModule(import.meta.url)) void runAsScript(runValidationBench);

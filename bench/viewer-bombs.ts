/**
 * The hostile files of issue 24, point 2, opened through a core app in this process (the bench is
 * the core): how long each takes to be refused (budget 5 s), the slowest answer to another core call
 * asked every 50 ms meanwhile (budget 1 s), and the core process's peak memory (budget 300 MB). The
 * 19.5 MB legitimate FatturaPA is held to the other-call budget only; its opening time and memory are reported.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createCoreApp } from '../electron/core/app';
import { createMemoryPorts } from '../electron/core/testing/memory-ports';
import { largeFatturaPa, lyingZip, nestedXmlZip, wideHeaderCsv, zip64ClaimingEntries } from '../electron/core/viewer/test-support/bombs';
import { useBundledThreads } from './lib/bundled-threads';
import { isMainModule, runAsScript, type BenchCheck } from './lib/checks';
import { round } from './lib/stats';

const MB = 1024 * 1024;
const BUDGET = { refusalMs: 5000, otherCallMs: 1000, rssMb: 300 };

/** A full collection between files, so each peak is that file's and not what the bench made before. */
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

export async function runViewerBombsBench(): Promise<{ checks: BenchCheck[] }> {
  await useBundledThreads();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerdesk-bench-bombs-'));
  const app = createCoreApp(createMemoryPorts({ userDataDir: dir }), { emulator: { autoStart: false } });
  const ctx = { caller: 'bench' };
  const checks: BenchCheck[] = [];
  try {
    // The thread started and warmed by one ordinary file, as after the first Open file of a session.
    await app.handle('viewer.open', { name: 'warm.csv', base64: Buffer.from('document_number,total\n1,2\n').toString('base64') }, ctx);
    const files: Array<{ label: string; name: string; bytes: () => Uint8Array; legitimate?: boolean }> = [
      { label: '2.5 KB ZIP, 12 entries nested 13 000 deep', name: 'nested.zip', bytes: () => nestedXmlZip(12, 13_000) },
      { label: '5 KB ZIP, 20 entries nested 13 000 deep', name: 'nested-more.zip', bytes: () => nestedXmlZip(20, 13_000) },
      { label: '1 MB CSV, a 1 MiB column name and 5 000 documents', name: 'wide.csv', bytes: () => wideHeaderCsv(MB, 5000) },
      { label: '269-byte ZIP64 claiming 4 294 967 294 entries', name: 'claims.zip', bytes: () => zip64ClaimingEntries() },
      { label: '1 MB ZIP, an entry declaring 1 MiB inflating to 1 GiB', name: 'lying.zip', bytes: () => lyingZip() },
      { label: '19.5 MB legitimate FatturaPA (61 000 lines)', name: 'large.xml', bytes: () => largeFatturaPa(19.5), legitimate: true },
    ];
    for (const file of files) {
      let base64: string | undefined = Buffer.from(file.bytes()).toString('base64');
      collect();
      const baseRss = process.memoryUsage().rss;
      let peakRss = baseRss;
      let slowestOther = 0;
      let settled = false;
      const started = performance.now();
      const opening = app.handle('viewer.open', { name: file.name, base64 }, ctx).finally(() => (settled = true));
      base64 = undefined;
      // Another call every 50 ms while the file is being opened, each timed from its own start.
      while (!settled) {
        const asked = performance.now();
        await app.handle('standards.ruleSets', {}, ctx);
        slowestOther = Math.max(slowestOther, performance.now() - asked);
        peakRss = Math.max(peakRss, process.memoryUsage().rss);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const result = await opening;
      collect();
      const ms = performance.now() - started;
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
      const outcome = result.ok ? 'opened' : `refused: ${result.error.message.slice(0, 120)}`;
      checks.push(
        {
          bench: 'viewer-bombs',
          measure: `${file.label}: ${file.legitimate ? 'opened in' : 'refused in'}`,
          value: round(ms),
          unit: 'ms',
          budget: file.legitimate ? null : `≤ ${BUDGET.refusalMs}`,
          ok: file.legitimate ? result.ok || null : !result.ok && ms <= BUDGET.refusalMs,
          note: outcome,
        },
        { bench: 'viewer-bombs', measure: `${file.label}: slowest other core call meanwhile`, value: round(slowestOther), unit: 'ms', budget: `≤ ${BUDGET.otherCallMs}`, ok: slowestOther <= BUDGET.otherCallMs },
        {
          bench: 'viewer-bombs',
          measure: `${file.label}: the core's peak memory (RSS)`,
          value: round(peakRss / MB),
          unit: 'MB',
          budget: file.legitimate ? null : `≤ ${BUDGET.rssMb}`,
          ok: file.legitimate ? null : peakRss / MB <= BUDGET.rssMb,
          note: `${round(baseRss / MB)} MB before the file was opened`,
        },
      );
    }
    return { checks };
  } finally {
    await app.dispose();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (isMainModule(import.meta.url)) await runAsScript(() => runViewerBombsBench());

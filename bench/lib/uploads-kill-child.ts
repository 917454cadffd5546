/**
 * The core's uploads service in a process of its own, for the hard-kill resilience run
 * (bench/uploads.ts --kills): opens the journal in `userDataDir` (reconciling what a killed run
 * left), adds the files listed in `addFrom` if given, and prints one JSON line of progress every
 * 50 ms: `{"sent": n, "settled": n, "total": n}` (sent: the service has it). With `verify`, once
 * every file has settled it prints `{"final": {"duplicated": n, "lost": n, "uncertain": n}}`.
 * Usage: node --import tsx bench/lib/uploads-kill-child.ts '<json config>'
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { createTestUploads } from '../../electron/core/transfer/testing/harness';
import { uploadsVerdict } from './uploads-verdict';

const config = z
  .object({ transferUrl: z.string(), token: z.string(), userDataDir: z.string(), addFrom: z.string().optional(), total: z.number().int(), verify: z.boolean().default(false) })
  .parse(JSON.parse(process.argv[2] ?? '{}'));

const uploads = createTestUploads({
  transferUrl: config.transferUrl,
  token: config.token,
  userDataDir: config.userDataDir,
  user: { uid: 'bench', email: 'bench@example.test' },
  recordEvents: false,
  tuning: { concurrency: 3, pollMinMs: 200, pollMaxMs: 2_000, changedThrottleMs: 150 },
});
await uploads.service.start();

const sentStates = new Set(['accepted', 'tracking', 'done']);
const settledStates = new Set(['done', 'failed', 'rejected', 'cancelled']);
const report = async (): Promise<boolean> => {
  const list = await uploads.service.list();
  const settled = list.filter((entry) => settledStates.has(entry.state)).length;
  process.stdout.write(`${JSON.stringify({ sent: list.filter((entry) => sentStates.has(entry.state)).length, settled, total: list.length })}\n`);
  return list.length === config.total && settled === config.total;
};
const timer = setInterval(() => void report(), 50);

if (config.addFrom) {
  const files = fs.readFileSync(config.addFrom, 'utf8').split('\n').filter(Boolean);
  await uploads.service.add({ country: 'IT', files: files.map((file) => ({ file: { kind: 'path' as const, path: path.resolve(file) } })) });
}

if (config.verify) {
  while (!(await report())) await new Promise((resolve) => setTimeout(resolve, 200));
  clearInterval(timer);
  const verdict = await uploadsVerdict(uploads.service);
  process.stdout.write(`${JSON.stringify({ final: verdict })}\n`);
  await uploads.close();
  process.exit(0);
}

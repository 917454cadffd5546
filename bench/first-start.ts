/**
 * Issue 23's first-start budget: in a fresh clone of this repository (the committed HEAD, with
 * node_modules linked from this checkout: what `npm ci` gives), `npm start` runs (Electron where its
 * runtime exists, else the browser shell), and the first validation of Peppol's base-example.xml is
 * answered within 30 s of the app printing its URL. The route is the user's: the page's own bridge
 * (`window.acube`), the core, the engine's process started by that first check.
 *
 *   npx tsx bench/first-start.ts
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { chromium } from 'playwright-core';
import type { PageGlobals } from '../e2e/page-globals';
import { repoRoot } from '../e2e/shell-choice';
import { isMainModule, runAsScript, type BenchCheck } from './lib/checks';
import { round } from './lib/stats';

const BUDGET_MS = 30_000;
const STARTUP_TIMEOUT_MS = 600_000;

interface FirstStartResult {
  name: 'first-start';
  startupMs: number;
  firstValidationMs: number;
  loadAverage: number[];
  checks: BenchCheck[];
}

export async function runFirstStartBench(): Promise<FirstStartResult> {
  const work = mkdtempSync(join(tmpdir(), 'ledgerdesk-first-start-'));
  const clone = join(work, 'ledgerdesk');
  const cloned = spawnSync('git', ['clone', '--quiet', '--no-hardlinks', repoRoot, clone], { encoding: 'utf8' });
  if (cloned.status !== 0) throw new Error(`git clone failed: ${cloned.stderr}`);
  symlinkSync(join(repoRoot, 'node_modules'), join(clone, 'node_modules'), 'dir');
  const loadAverage = (await import('node:os')).loadavg();

  const started = performance.now();
  const app = spawn('npm', ['start', '--', '--port', '0', '--no-open', '--user-data', join(work, 'user-data')], {
    cwd: clone,
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  const stop = (): void => {
    try {
      if (app.pid !== undefined) process.kill(-app.pid, 'SIGTERM');
    } catch {
      /* gone already */
    }
  };
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('npm start printed no URL in time')), STARTUP_TIMEOUT_MS);
      app.once('exit', (code) => reject(new Error(`npm start exited (${String(code)}) before printing its URL`)));
      createInterface({ input: app.stdout! }).on('line', (line) => {
        if (!line.startsWith('{')) return;
        clearTimeout(timer);
        resolve((JSON.parse(line) as { url: string }).url);
      });
    });
    const printed = performance.now();
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
    try {
      const page = await browser.newPage();
      await page.goto(url);
      await page.waitForFunction(() => (globalThis as unknown as PageGlobals).acube !== undefined);
      const base64 = readFileSync(join(repoRoot, '..', 'shared', 'fixtures', 'peppol-bis-invoice-3', 'base-example.xml')).toString('base64');
      const answer = await page.evaluate(
        (bytes) => (globalThis as unknown as PageGlobals).acube?.invoke('standards.validate', { file: { kind: 'bytes', name: 'base-example.xml', base64: bytes } }),
        base64,
      );
      const validated = performance.now();
      if (!answer?.ok || (answer.value as { valid?: unknown }).valid !== true) throw new Error(`The first validation did not pass: ${JSON.stringify(answer).slice(0, 500)}`);
      const firstValidationMs = round(validated - printed);
      return {
        name: 'first-start',
        startupMs: round(printed - started),
        firstValidationMs,
        loadAverage,
        checks: [
          {
            bench: 'first-start',
            measure: 'Fresh clone: first validation of base-example.xml after npm start printed its URL',
            value: firstValidationMs,
            unit: 'ms',
            budget: `≤ ${BUDGET_MS} ms`,
            ok: firstValidationMs <= BUDGET_MS,
            note: `npm start to URL ${round(printed - started)} ms (includes the renderer's first build); load ${loadAverage.map((value) => value.toFixed(1)).join(' ')}`,
          },
        ],
      };
    } finally {
      await browser.close();
    }
  } finally {
    stop();
    await new Promise<void>((resolve) => (app.exitCode !== null || app.signalCode !== null ? resolve() : app.once('exit', () => resolve())));
    rmSync(work, { recursive: true, force: true });
  }
}

if (isMainModule(import.meta.url)) await runAsScript(runFirstStartBench);

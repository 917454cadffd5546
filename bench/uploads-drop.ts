/**
 * Issue 12, "big drops stay smooth": in the browser shell with Debian's Chromium (headless), the
 * emulator at 20–80 ms of latency on every request (`--faults latency=20-80`, uploads left pending
 * so nothing but the sending is measured), a user
 *   (a) drops 2 000 files on the Uploads page (a file manager's drop: dragenter, dragover, drop of
 *       real `File`s made in the page), and
 *   (b) picks a folder tree of 5 000 files (on disk, 50 folders of 100) with "Choose folder…", on
 *       the route Electron takes (`folder-dialog`): the host's folder dialog, here the browser
 *       shell's scripted dialogs (`LEDGERDESK_SCRIPTED_DIALOGS`), the folder granted as a handle and
 *       listed by the core (`uploads.listFolder`), its files sent by the folder's handle and sub-path;
 *   (c) the same tree through `<input webkitdirectory>` (`folder-input`): the browser-only route, where
 *       there is no dialog (Chromium makes a `File` per file before the page sees the pick),
 * reviews the batch and presses "Upload N files". Measured in the page, on its own clock:
 *   - drop → batch ready (the Upload button enabled), reported;
 *   - Upload pressed → the first file shown as Sending / Accepted in the uploads list, ≤ 1 000 ms;
 *   - frames from the drop until every file is accepted (reviewing the batch included): the longest
 *     requestAnimationFrame interval ≤ 100 ms (and the long tasks Chromium reports, for the why);
 *   - per-file progress: the count of accepted files, sampled through the page's bridge every few
 *     seconds, must rise step by step (not all at once at the end);
 *   - the uploads list's fixed-height rows (never measured) in view at the end: none may cut its
 *     content off (the tallest cell is reported beside the room a row gives it);
 *   - the browser shell's peak RSS (its core; the emulator is another process): with 1 KB of
 *     overhead per file it stays far below twice the drop's bytes, i.e. no file's bytes are held twice.
 *
 *   npx tsx bench/uploads-drop.ts [--files 2000] [--tree-files 5000] [--size-kb 16] [--latency 20-80] [--watch-seconds 0]
 *                                 [--routes drop,folder-dialog,folder-input] [--profile <dir>] [--trace <dir>]
 *
 * `--trace <dir>` records a Chromium trace (CDP `Tracing`: the renderer's main thread, with its
 * long tasks' JavaScript, style, layout and paint) per route, and prints the longest tasks' parts.
 *
 * `--watch-seconds N` stops watching N s after Upload is pressed (on a loaded machine a whole drop
 * takes many minutes; the budgets are about how it starts and how smooth it stays).
 *
 * Prints one JSON line; exits 1 when a budget is missed. `runUploadsDropBench()` is for bench/run.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { startBenchShell, type BenchShell } from './lib/browser-shell';
import { ensureBuilt } from './lib/build';
import { stringFlags, wholeNumberFlag } from './lib/cli';
import { launchChromium } from './lib/chromium';
import { isMainModule, runAsScript, type BenchCheck } from './lib/checks';
import { withDeadline } from './lib/deadline';
import { DATA_ROW, newBenchContext, STEP_TIMEOUT_MS } from './lib/inbox-page';
import { log, Resources } from './lib/resources';
import { maximum, percentile, round } from './lib/stats';

export interface UploadsDropOptions {
  files: number;
  treeFiles: number;
  sizeKb: number;
  latency: string;
  /** Stop watching after this long once Upload is pressed (0: until every file is accepted, within a limit). */
  watchSeconds: number;
  /** Record a CPU profile of the page from the drop on (Chromium's profiler through CDP) into this folder. */
  profileDir?: string;
  /** Record a Chromium trace of the page from the drop on (CDP Tracing) into this folder. */
  traceDir?: string;
  routes: DropRoute[];
}

/** `folder-dialog`: the host's dialog and the core's listing (Electron's route); `folder-input`: `<input webkitdirectory>` (no dialog). */
export const DROP_ROUTES = ['drop', 'folder-dialog', 'folder-input'] as const;
export type DropRoute = (typeof DROP_ROUTES)[number];

interface DropRun {
  route: DropRoute;
  files: number;
  readyMs: number;
  firstSendingMs: number;
  allAcceptedMs: number;
  frames: number;
  maxFrameMs: number;
  p95FrameMs: number;
  longTasks: number;
  longestTaskMs: number;
  /** Accepted files at each sample (every few seconds) after Upload was pressed. */
  progress: number[];
  /** Every file accepted before the bench stopped watching. */
  complete: boolean;
  /** The drop or pick event's creation → its first listener (the browser's own work), and the app's handler. */
  pickDispatchMs: number | null;
  pickHandlerMs: number | null;
  /** Rows of fixed height (never measured) in view at the end, and how many of them clip their content (must be 0), with the tallest content. */
  fixedRows: { shown: number; clipped: number; tallestCellPx: number; cellRoomPx: number };
  shellPeakRssMb: number | null;
  /** The shell's resident memory just before the drop (the core, its warmed official-rules engine, the bridge). */
  shellRssBeforeMb: number | null;
  dropMb: number;
  /** With `--trace`: long tasks on the wall clock, and those that were long in CPU time (the page's own work). */
  trace?: Pick<TraceSummary, 'tasksOver50Ms' | 'tasksOver50MsCpu' | 'longestCpuMs'>;
}

export interface UploadsDropResult {
  name: 'uploads-drop';
  runs: DropRun[];
  checks: BenchCheck[];
}

const BENCH_TIMEOUT_MS = 25 * 60_000;
const FIRST_SENDING_BUDGET_MS = 1_000;
const FRAME_BUDGET_MS = 100;
const PROGRESS_EVERY_MS = 3_000;

/**
 * Page code, as strings: tsx would wrap named functions in a `__name()` the page lacks. The recorder
 * keeps every rAF interval, Chromium's long tasks, and marks: drop (or folder picked), the Upload
 * click, and the first frame whose uploads list shows a file Sending, Accepted or Delivered.
 */
/** The uploads list's fixed-height rows in view: a row whose content is taller than the row is cut off. */
const FIXED_ROWS = `(() => {
  const rows = [...document.querySelectorAll('.uploads-list__item--fixed')];
  // The tallest cell, and the room a cell has inside its row's main line (its height less its padding).
  const cells = rows.flatMap((row) => [...row.querySelectorAll('.upload-row__main > [role="cell"]')]);
  const main = rows[0]?.querySelector('.upload-row__main');
  const style = main ? getComputedStyle(main) : null;
  const room = main && style ? main.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom) : 0;
  return {
    shown: rows.length,
    clipped: rows.filter((row) => row.scrollHeight > row.clientHeight).length,
    tallestCellPx: Math.max(0, ...cells.map((cell) => cell.offsetHeight)),
    cellRoomPx: room,
  };
})()`;

const RECORDER = `(() => {
  const rec = { deltas: [], stamps: [], longTasks: [], marks: {}, stop: false };
  globalThis.__dropBench = rec;
  let last = performance.now();
  const loop = (now) => {
    rec.deltas.push(now - last);
    rec.stamps.push(now);
    last = now;
    if (rec.marks.click !== undefined && rec.marks.firstSending === undefined) {
      const list = document.querySelector('.uploads-list__rows');
      if (list && /Sending|Accepted|Processing|Delivered/.test(list.textContent || '')) rec.marks.firstSending = performance.now();
    }
    if (!rec.stop) requestAnimationFrame(loop);
  };
  requestAnimationFrame(loop);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) rec.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask' });
  // The pick's own cost before the page sees it (the event's creation → its first listener), and the app's handler (→ after it).
  const picked = (event) => { rec.marks.drop = performance.now(); rec.marks.pickDispatchMs = rec.marks.drop - event.timeStamp; };
  const handled = () => { if (rec.marks.drop !== undefined && rec.marks.pickHandlerMs === undefined) rec.marks.pickHandlerMs = performance.now() - rec.marks.drop; };
  document.addEventListener('drop', picked, true);
  document.addEventListener('change', picked, true);
  window.addEventListener('drop', handled);
  window.addEventListener('change', handled);
  document.addEventListener('click', (event) => {
    const button = event.target && event.target.closest ? event.target.closest('button') : null;
    const text = button ? (button.textContent || '').trim() : '';
    if (/^Upload [0-9,.\\s]+ files?$/.test(text)) rec.marks.click = performance.now();
    // The dialog route starts with the click on "Choose folder…" (there is no change event).
    if (text === 'Choose folder…' && rec.marks.drop === undefined) rec.marks.drop = performance.now();
  }, true);
})()`;

/** A DataTransfer of `count` invoices of about `sizeKb` KB each, made in the page (what a file manager hands over). */
const dataTransferOf = (count: number, sizeKb: number): string => `(() => {
  const line = '<Note>' + 'x'.repeat(1000 - 14) + '</Note>\\n';
  const body = line.repeat(${sizeKb});
  const transfer = new DataTransfer();
  for (let index = 0; index < ${count}; index += 1) {
    const name = 'drop-' + String(index).padStart(5, '0') + '.xml';
    transfer.items.add(new File(['<?xml version="1.0"?>\\n<Invoice id="' + index + '">\\n', body, '</Invoice>\\n'], name, { type: 'application/xml' }));
  }
  return transfer;
})()`;

const recorded = `(() => { const rec = globalThis.__dropBench; rec.stop = true; return { deltas: rec.deltas, stamps: rec.stamps, longTasks: rec.longTasks, marks: rec.marks }; })()`;

interface Recorded {
  deltas: number[];
  stamps: number[];
  longTasks: Array<{ start: number; duration: number }>;
  marks: { drop?: number; click?: number; firstSending?: number; pickDispatchMs?: number; pickHandlerMs?: number };
}

/** A folder tree of `count` invoices on disk: folders of 100 files. */
function writeTree(dir: string, count: number, sizeKb: number): void {
  const body = `<Note>${'y'.repeat(1000 - 14)}</Note>\n`.repeat(sizeKb);
  for (let index = 0; index < count; index += 1) {
    const folder = path.join(dir, `folder-${String(Math.floor(index / 100)).padStart(3, '0')}`);
    if (index % 100 === 0) fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, `tree-${String(index).padStart(5, '0')}.xml`), `<?xml version="1.0"?>\n<Invoice id="${index}">\n${body}</Invoice>\n`);
  }
}

/** The shell's process (found by its user-data folder) and its peak (VmHWM) or current (VmRSS) resident memory, from /proc (Linux). */
function shellRssMb(shell: BenchShell, which: 'VmHWM' | 'VmRSS' = 'VmHWM'): number | null {
  if (process.platform !== 'linux') return null;
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!cmdline.includes('browser-shell') || !cmdline.includes(shell.userDataDir)) continue;
      const peak = new RegExp(`${which}:\\s+(\\d+) kB`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
      return peak ? Math.round(Number(peak) / 1024) : null;
    } catch {
      // A process that ended meanwhile.
    }
  }
  return null;
}

/**
 * Files the service has accepted (202) by now, and files that failed or were refused (the bench's
 * files never should), asked from the bench over loopback HTTP as the page's bridge asks (its
 * origin and secret), not through the page: parsing the whole list there every few seconds put the
 * bench's own long tasks on the thread it measures.
 */
async function countStates(shell: BenchShell): Promise<{ accepted: number; failed: number }> {
  const url = new URL(shell.url);
  const secret = new URLSearchParams(url.hash.slice(1)).get('s') ?? '';
  const response = await fetch(new URL('/bridge/invoke/uploads.list', url.origin), {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url.origin, 'x-ledgerdesk-secret': secret },
    body: '{}',
  });
  const answer = (await response.json()) as { ok: true; value: Array<{ state: string }> } | { ok: false; error: { message: string } };
  if (!answer.ok) throw new Error(`uploads.list through the bridge failed: ${answer.error.message}`);
  const accepted = answer.value.filter((entry) => ['accepted', 'tracking', 'done'].includes(entry.state)).length;
  const failed = answer.value.filter((entry) => ['failed', 'rejected', 'cancelled'].includes(entry.state)).length;
  return { accepted, failed };
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples?: number[];
  timeDeltas?: number[];
}

/** The functions with the most self time in a CPU profile: where the page's main thread went. */
export function topSelfTimes(profile: CpuProfile, count = 25): Array<{ ms: number; fn: string }> {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let index = 0; index < samples.length; index += 1) {
    const frame = byNode.get(samples[index]!)?.callFrame;
    if (!frame) continue;
    const key = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').at(-1) ?? ''}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (deltas[index] ?? 0) / 1000);
  }
  return [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([fn, ms]) => ({ fn, ms: round(ms) }));
}

/** The renderer's tasks, what runs in them (JavaScript, style, layout, paint, GC), and nothing of the browser's other processes. */
const TRACE_CATEGORIES = ['toplevel', 'devtools.timeline', 'v8', 'disabled-by-default-v8.gc'];

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** The thread's CPU time in the event: far below `dur` when the thread waited for a core. */
  tdur?: number;
  args?: { name?: string; data?: { functionName?: string; url?: string; lineNumber?: number; columnNumber?: number; type?: string } };
}
interface Trace {
  traceEvents: TraceEvent[];
}

const isTask = (event: TraceEvent): boolean => event.name === 'ThreadControllerImpl::RunTask' || event.name === 'RunTask';

const labelOf = (event: TraceEvent): string => {
  const data = event.args?.data;
  if (event.name !== 'FunctionCall' || !data) return event.name;
  // The trace's line and column are 1-based already.
  return `FunctionCall ${data.functionName || '(anonymous)'} ${(data.url ?? '').split('/').at(-1) ?? ''}:${data.lineNumber ?? 0}:${data.columnNumber ?? 0}`;
};

/**
 * The longest tasks of the page's main thread (the CrRendererMain with the most task time) and,
 * for each, its CPU time (a task of 200 ms that ran 10 ms waited for a core: the machine's load,
 * not the page's work) and where its time went: self time by event name (JavaScript as the FunctionCall of its
 * entry function, style, layout, paint, GC), longest first.
 */
export interface TraceSummary {
  /** Tasks of the page's main thread from the pick on (the first drop, change or click), longer than 50 ms on the wall clock. */
  tasksOver50Ms: number;
  /** Of those, the tasks that ran over 50 ms of CPU: the page's own work (the rest waited for a core). */
  tasksOver50MsCpu: number;
  longestCpuMs: number;
  longest: Array<{ ms: number; cpuMs: number | null; atMs: number; selfMs: string[] }>;
}

/** The trace seen from the pick on: every task's wall and CPU time, and the longest ones' parts. */
export function summariseTrace(trace: Trace, count = 8): TraceSummary {
  const picked = trace.traceEvents.find((event) => event.name === 'EventDispatch' && ['drop', 'change', 'click'].includes(event.args?.data?.type ?? ''));
  const longest = longestTasksOfTrace(trace, Number.POSITIVE_INFINITY, picked?.ts ?? 0);
  return {
    tasksOver50Ms: longest.filter((task) => task.ms > 50).length,
    tasksOver50MsCpu: longest.filter((task) => (task.cpuMs ?? 0) > 50).length,
    longestCpuMs: maximum(longest.map((task) => task.cpuMs ?? 0)) || 0,
    longest: longest.slice(0, count),
  };
}

export function longestTasksOfTrace(trace: Trace, count = 8, from = 0): Array<{ ms: number; cpuMs: number | null; atMs: number; selfMs: string[] }> {
  const events = trace.traceEvents;
  const mains = new Set(events.filter((event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain').map((event) => `${event.pid}:${event.tid}`));
  const busy = new Map<string, number>();
  for (const event of events) {
    const thread = `${event.pid}:${event.tid}`;
    if (event.ph === 'X' && isTask(event) && mains.has(thread)) busy.set(thread, (busy.get(thread) ?? 0) + (event.dur ?? 0));
  }
  const main = [...busy.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  if (main === undefined) return [];
  const onMain = events.filter((event) => event.ph === 'X' && `${event.pid}:${event.tid}` === main && event.dur !== undefined).sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const first = onMain[0]?.ts ?? 0;
  // The thread's outermost events are its tasks: a RunTask, or work Chromium runs outside one (a
  // microtask checkpoint after an IPC message, where a fetch's answer is handled).
  const outer: TraceEvent[] = [];
  let reach = -1;
  for (const event of onMain) {
    if (event.ts < reach || event.ts < from) continue;
    outer.push(event);
    reach = event.ts + (event.dur ?? 0);
  }
  return outer
    .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))
    .slice(0, count)
    .map((task) => {
      const end = task.ts + (task.dur ?? 0);
      const inside = onMain.filter((event) => event.ts >= task.ts && event.ts + (event.dur ?? 0) <= end);
      // Self time: each event's time less its children's, found with a stack of open events.
      const self = new Map<string, number>();
      const stack: Array<{ event: TraceEvent; children: number }> = [];
      const close = (upTo: number): void => {
        while (stack.length > 0) {
          const top = stack[stack.length - 1]!;
          if (top.event.ts + (top.event.dur ?? 0) > upTo) break;
          stack.pop();
          const label = labelOf(top.event);
          self.set(label, (self.get(label) ?? 0) + ((top.event.dur ?? 0) - top.children) / 1000);
          const parent = stack[stack.length - 1];
          if (parent) parent.children += top.event.dur ?? 0;
        }
      };
      for (const event of inside) {
        close(event.ts);
        stack.push({ event, children: 0 });
      }
      close(Number.POSITIVE_INFINITY);
      // A JavaScript call is named by its entry function: its V8 time counts under it.
      const selfMs = [...self.entries()]
        .filter(([, ms]) => ms >= 1)
        .sort((a, b) => b[1] - a[1])
        .slice(0, 8)
        .map(([name, ms]) => `${name} ${round(ms)} ms`);
      return { ms: round((task.dur ?? 0) / 1000), cpuMs: task.tdur === undefined ? null : round(task.tdur / 1000), atMs: round((task.ts - first) / 1000), selfMs };
    });
}

async function measureRun(page: Page, shell: BenchShell, route: DropRun['route'], files: number, options: UploadsDropOptions, pick: () => Promise<void>): Promise<DropRun> {
  await page.evaluate(RECORDER);
  const shellRssBeforeMb = shellRssMb(shell, 'VmRSS');
  const cdp = options.profileDir ? await page.context().newCDPSession(page) : null;
  if (cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
    await cdp.send('Profiler.start');
  }
  const browser = page.context().browser();
  if (options.traceDir && browser) await browser.startTracing(page, { categories: TRACE_CATEGORIES });
  await pick();
  const upload = page.getByRole('region', { name: 'Files to upload' }).getByRole('button', { name: /^Upload [\d,.\s]+ files?$/ });
  await upload.waitFor({ timeout: STEP_TIMEOUT_MS * 5 });
  await page.waitForFunction(`!document.querySelector('[aria-label="Files to upload"] button.btn--primary[disabled]')`, undefined, { timeout: STEP_TIMEOUT_MS * 5 });
  const label = (await upload.textContent()) ?? '';
  if (!label.replace(/[,.\s]/g, '').includes(String(files))) throw new Error(`The batch offers "${label.trim()}", not ${files} files.`);
  await upload.click();
  const clickedAt = Date.now();
  const progress: number[] = [];
  // On a loaded machine the whole drop can take many minutes: what is budgeted is how it starts and how smooth it stays.
  const limitMs = options.watchSeconds > 0 ? options.watchSeconds * 1000 : 120_000 + files * 500;
  let complete = false;
  for (;;) {
    await page.waitForTimeout(PROGRESS_EVERY_MS);
    const { accepted, failed } = await countStates(shell);
    progress.push(accepted);
    if (accepted >= files) {
      complete = true;
      break;
    }
    if (failed > 0) throw new Error(`${failed} of the ${files} files failed or were refused during the bench.`);
    if (Date.now() - clickedAt > limitMs) break;
  }
  const fixedRows = (await page.evaluate(FIXED_ROWS)) as DropRun['fixedRows'];
  const rec = (await page.evaluate(recorded)) as Recorded;
  let traced: TraceSummary | undefined;
  if (options.traceDir && browser) {
    const trace = await browser.stopTracing();
    const file = path.join(options.traceDir, `uploads-drop-${route}.trace.json`);
    fs.mkdirSync(options.traceDir, { recursive: true });
    fs.writeFileSync(file, trace);
    traced = summariseTrace(JSON.parse(trace.toString('utf8')) as Trace);
    log(`uploads-drop: Chromium trace of the page in ${file}; its longest tasks from the pick on: ${JSON.stringify(traced.longest)}`);
  }
  if (cdp && options.profileDir) {
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
    const file = path.join(options.profileDir, `uploads-drop-${route}.cpuprofile`);
    fs.mkdirSync(options.profileDir, { recursive: true });
    fs.writeFileSync(file, JSON.stringify(profile));
    log(`uploads-drop: CPU profile of the page in ${file}; most self time: ${JSON.stringify(topSelfTimes(profile))}`);
    await cdp.detach();
  }
  const { drop, click, firstSending } = rec.marks;
  if (drop === undefined || click === undefined) throw new Error('The page did not see the drop or the Upload click.');
  const end = rec.stamps.at(-1) ?? click;
  // Frames from the drop on: reviewing a big batch must stay smooth too.
  const deltas = rec.deltas.filter((_, index) => (rec.stamps[index] ?? 0) > drop);
  const longTasks = rec.longTasks.filter((task) => task.start >= drop);
  return {
    route,
    files,
    readyMs: round(click - drop),
    firstSendingMs: firstSending === undefined ? Number.NaN : round(firstSending - click),
    allAcceptedMs: round(end - click),
    frames: deltas.length,
    maxFrameMs: round(maximum(deltas)),
    p95FrameMs: round(percentile(deltas, 0.95)),
    longTasks: longTasks.length,
    longestTaskMs: round(maximum(longTasks.map((task) => task.duration))) || 0,
    progress,
    complete,
    pickDispatchMs: rec.marks.pickDispatchMs === undefined ? null : round(rec.marks.pickDispatchMs),
    pickHandlerMs: rec.marks.pickHandlerMs === undefined ? null : round(rec.marks.pickHandlerMs),
    fixedRows,
    shellPeakRssMb: shellRssMb(shell),
    shellRssBeforeMb,
    dropMb: round((files * (options.sizeKb * 1000 + 60)) / (1024 * 1024)),
    ...(traced ? { trace: { tasksOver50Ms: traced.tasksOver50Ms, tasksOver50MsCpu: traced.tasksOver50MsCpu, longestCpuMs: traced.longestCpuMs } } : {}),
  };
}

async function openUploads(page: Page, shell: BenchShell): Promise<void> {
  await page.goto(shell.url);
  // The demo account's card (its accessible name starts "Demo account" and the account's name).
  await page.getByRole('button', { name: /^Demo account\W+full(\s|$)/ }).click({ timeout: STEP_TIMEOUT_MS });
  await page.locator(DATA_ROW).first().waitFor({ timeout: STEP_TIMEOUT_MS });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Uploads' }).click();
  await page.getByRole('heading', { name: 'Uploads', level: 1 }).waitFor({ timeout: STEP_TIMEOUT_MS });
}

const checksOf = (runs: readonly DropRun[]): BenchCheck[] =>
  runs.flatMap((run) => {
    const what =
      run.route === 'drop'
        ? `drop of ${run.files} files`
        : run.route === 'folder-dialog'
          ? `folder tree of ${run.files} files, dialog and core listing (Electron's route)`
          : `folder tree of ${run.files} files, <input webkitdirectory> (browser-only route)`;
    const rising = run.progress.filter((count, index) => index === 0 || count > (run.progress[index - 1] ?? 0)).length;
    return [
      { bench: 'uploads-drop', measure: `${what}: Upload pressed → first file Sending`, value: run.firstSendingMs, unit: 'ms', budget: `≤ ${FIRST_SENDING_BUDGET_MS} ms`, ok: run.firstSendingMs <= FIRST_SENDING_BUDGET_MS },
      { bench: 'uploads-drop', measure: `${what}: longest frame from the drop on`, value: run.maxFrameMs, unit: 'ms', budget: `≤ ${FRAME_BUDGET_MS} ms`, ok: run.maxFrameMs <= FRAME_BUDGET_MS, note: `p95 ${run.p95FrameMs} ms over ${run.frames} frames; ${run.longTasks} long tasks, longest ${run.longestTaskMs} ms${run.trace ? `; traced: ${run.trace.tasksOver50Ms} tasks over 50 ms, ${run.trace.tasksOver50MsCpu} of them over 50 ms of CPU (longest ${run.trace.longestCpuMs} ms of CPU)` : ''}` },
      { bench: 'uploads-drop', measure: `${what}: per-file progress (samples that rose)`, value: rising, unit: 'samples', budget: '≥ 3', ok: rising >= 3, note: `accepted every ${PROGRESS_EVERY_MS / 1000} s: ${run.progress.join(', ')}` },
      { bench: 'uploads-drop', measure: `${what}: fixed-height rows that cut their content off`, value: run.fixedRows.clipped, unit: 'rows', budget: '0', ok: run.fixedRows.clipped === 0, note: `${run.fixedRows.shown} such rows in view at the end; tallest cell ${run.fixedRows.tallestCellPx} px of ${run.fixedRows.cellRoomPx} px` },
      { bench: 'uploads-drop', measure: `${what}: drop → batch ready to upload`, value: run.readyMs, unit: 'ms', budget: null, ok: null, note: `the event reached the page ${run.pickDispatchMs ?? '?'} ms after it was made; the app's handler took ${run.pickHandlerMs ?? '?'} ms` },
      {
        bench: 'uploads-drop',
        measure: run.complete ? `${what}: Upload pressed → every file accepted` : `${what}: watched for (not every file accepted yet)`,
        value: run.allAcceptedMs,
        unit: 'ms',
        budget: null,
        ok: null,
        note: `${run.progress.at(-1) ?? 0} of ${run.files} accepted`,
      },
      { bench: 'uploads-drop', measure: `${what}: browser shell's peak RSS`, value: run.shellPeakRssMb, unit: 'MB', budget: null, ok: null, note: `the files: ${run.dropMb} MB; ${run.shellRssBeforeMb ?? '?'} MB just before the drop` },
    ];
  });

async function run(options: UploadsDropOptions, resources: Resources): Promise<UploadsDropResult> {
  await ensureBuilt();
  const browser = resources.keep(await launchChromium(), (opened) => opened.close());
  const runs: DropRun[] = [];
  const emulatorArgs = `--faults latency=${options.latency} --processing-delay 3600000`;
  let pkiFrom: string | undefined;
  for (const route of options.routes) {
    const files = route === 'drop' ? options.files : options.treeFiles;
    if (files === 0) continue;
    log(`uploads-drop: a fresh browser shell for the ${route} of ${files} files`);
    const tree = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerdesk-bench-tree-'));
    resources.keep(tree, (dir) => fs.promises.rm(dir, { recursive: true, force: true }));
    // The dialog route: the browser shell's scripted dialogs answer "Choose folder…" with the tree (Electron asks its native dialog).
    const answers = path.join(tree, 'dialog-answers.json');
    const treeRoot = path.join(tree, 'invoices');
    const env: Record<string, string> = route === 'folder-dialog' ? { LEDGERDESK_SCRIPTED_DIALOGS: answers } : {};
    const shell = resources.keep(await startBenchShell({ emulatorArgs, env, ...(pkiFrom ? { pkiFrom } : {}) }), (started) => started.close());
    const { context, page } = await newBenchContext(browser);
    try {
      await openUploads(page, shell);
      const pick =
        route === 'drop'
          ? async () => {
              const transfer = await page.evaluateHandle(dataTransferOf(files, options.sizeKb));
              const body = page.locator('body');
              await body.dispatchEvent('dragenter', { dataTransfer: transfer });
              await body.dispatchEvent('dragover', { dataTransfer: transfer });
              await body.dispatchEvent('drop', { dataTransfer: transfer });
            }
          : route === 'folder-dialog'
            ? async () => {
                writeTree(treeRoot, files, options.sizeKb);
                fs.writeFileSync(answers, JSON.stringify({ chooseFolder: treeRoot }));
                await page.getByRole('button', { name: 'Choose folder…' }).click();
              }
            : async () => {
                writeTree(treeRoot, files, options.sizeKb);
                await page.locator('input[type="file"][webkitdirectory]').first().setInputFiles(treeRoot);
              };
      const measured = await measureRun(page, shell, route, files, options, pick);
      log(`uploads-drop: ${JSON.stringify(measured)}`);
      runs.push(measured);
    } finally {
      await context.close();
    }
    pkiFrom = shell.userDataDir;
    await fs.promises.rm(tree, { recursive: true, force: true });
    await shell.close();
  }
  return { name: 'uploads-drop', runs, checks: checksOf(runs) };
}

export async function runUploadsDropBench(options: Partial<UploadsDropOptions> = {}): Promise<UploadsDropResult> {
  const resources = new Resources();
  try {
    return await withDeadline(run({ files: 2000, treeFiles: 5000, sizeKb: 16, latency: '20-80', watchSeconds: 0, routes: [...DROP_ROUTES], ...options }, resources), BENCH_TIMEOUT_MS, 'The uploads-drop bench', () => resources.closeAll());
  } finally {
    await resources.closeAll();
  }
}

if (isMainModule(import.meta.url)) {
  const usage = `npx tsx bench/uploads-drop.ts [--files 2000] [--tree-files 5000] [--size-kb 16] [--latency 20-80] [--watch-seconds 0] [--routes ${DROP_ROUTES.join(',')}] [--profile <dir>] [--trace <dir>]`;
  const flags = stringFlags(['files', 'tree-files', 'size-kb', 'latency', 'watch-seconds', 'routes', 'profile', 'trace'], usage);
  const routes = flags.routes?.split(',').map((route) => route.trim());
  const unknownRoute = routes?.find((route) => !(DROP_ROUTES as readonly string[]).includes(route));
  if (unknownRoute !== undefined) {
    process.stderr.write(`Unknown route "${unknownRoute}" (routes: ${DROP_ROUTES.join(', ')}).\n${usage}\n`);
    process.exit(2);
  }
  const watchSeconds = wholeNumberFlag('watch-seconds', flags['watch-seconds'], 0, 3600);
  const files = wholeNumberFlag('files', flags.files, 0, 5000);
  const treeFiles = wholeNumberFlag('tree-files', flags['tree-files'], 0, 5000);
  const sizeKb = wholeNumberFlag('size-kb', flags['size-kb'], 1, 4096);
  await runAsScript(() =>
    runUploadsDropBench({
      ...(files === undefined ? {} : { files }),
      ...(treeFiles === undefined ? {} : { treeFiles }),
      ...(sizeKb === undefined ? {} : { sizeKb }),
      ...(watchSeconds === undefined ? {} : { watchSeconds }),
      ...(flags.latency ? { latency: flags.latency } : {}),
      ...(flags.profile ? { profileDir: path.resolve(flags.profile) } : {}),
      ...(flags.trace ? { traceDir: path.resolve(flags.trace) } : {}),
      ...(routes ? { routes: routes as DropRoute[] } : {}),
    }),
  );
}

/**
 * Where a cold open of the inbox spends its time (issue 27): one open like bench/inbox.ts (a), with
 * Chromium's performance trace recorded from navigation to the first data rows painted, summed up
 * per kind of work on the page's main thread and per script. A profiling aid, not a bench: no budget.
 *
 *   npx tsx bench/inbox-trace.ts [--opens 3] [--trace <file.json>]
 *
 * Prints one JSON line per traced open (after one untraced warm-up open); `--trace` keeps the last
 * raw trace for chrome://tracing or the DevTools Performance panel.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { startBenchShell } from './lib/browser-shell';
import { ensureBuilt } from './lib/build';
import { stringFlags, wholeNumberFlag } from './lib/cli';
import { launchChromium } from './lib/chromium';
import { timeToFirstRows } from './lib/inbox-open';
import { DATA_ROW, newBenchContext, signIn, STEP_TIMEOUT_MS, type PageGlobals } from './lib/inbox-page';
import { log, Resources } from './lib/resources';
import { round } from './lib/stats';

const traceEventSchema = z.object({
  name: z.string(),
  ph: z.string(),
  ts: z.number().optional(),
  dur: z.number().optional(),
  pid: z.number().optional(),
  tid: z.number().optional(),
  args: z.record(z.string(), z.unknown()).optional(),
});
type TraceEvent = z.infer<typeof traceEventSchema>;
const traceSchema = z.object({ traceEvents: z.array(traceEventSchema) });

const categories = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'v8.execute', 'toplevel', 'loading', 'v8'];

/** What a main-thread event is, in the words of this summary. */
function kindOf(event: TraceEvent): string | null {
  switch (event.name) {
    case 'ParseHTML':
      return 'parse HTML';
    case 'v8.compile':
    case 'v8.compileModule':
    case 'V8.CompileCode':
      return 'compile';
    case 'EvaluateScript':
    case 'v8.evaluateModule':
    case 'FunctionCall':
    case 'TimerFire':
    case 'FireAnimationFrame':
    case 'EventDispatch':
    case 'RunMicrotasks':
      return 'script';
    case 'UpdateLayoutTree':
    case 'ParseAuthorStyleSheet':
      return 'style';
    case 'Layout':
      return 'layout';
    case 'Paint':
    case 'PaintImage':
    case 'Layerize':
    case 'UpdateLayer':
    case 'PrePaint':
      return 'paint';
    case 'MinorGC':
    case 'MajorGC':
    case 'V8.GC_SCAVENGER':
    case 'V8.GCFinalizeMC':
      return 'gc';
    default:
      return null;
  }
}

const urlOf = (event: TraceEvent): string | null => {
  const data = event.args?.data as { url?: unknown } | undefined;
  const url = typeof data?.url === 'string' ? data.url : null;
  return url ? url.replace(/^.*\/assets\//, '').replace(/-[\w-]{8}\.js$/, '.js') : null;
};

function summarise(events: TraceEvent[], rowsPaintedMs: number) {
  // The app's own navigation (its URL is known; blank pages and other frames navigate too).
  const navigations = events.filter((event) => {
    const data = event.args?.data as { documentLoaderURL?: unknown } | undefined;
    return event.name === 'navigationStart' && typeof data?.documentLoaderURL === 'string' && data.documentLoaderURL.startsWith('http');
  });
  const navigation = navigations.at(-1);
  if (!navigation || navigation.ts === undefined) throw new Error('The trace has no navigation of the app.');
  const onMain = events.filter((event) => event.pid === navigation.pid && event.tid === navigation.tid && event.ts !== undefined);
  const start = navigation.ts;
  const end = start + rowsPaintedMs * 1000;
  const inWindow = onMain.filter((event) => (event.ts as number) >= start && (event.ts as number) <= end && event.ph === 'X');
  const busy = inWindow.filter((event) => event.name === 'RunTask').reduce((sum, event) => sum + (event.dur ?? 0), 0);
  // Outermost event of each kind only (a FunctionCall inside an EvaluateScript is not counted twice).
  const byKind = new Map<string, number>();
  const byScript = new Map<string, number>();
  const sorted = [...inWindow].sort((a, b) => (a.ts as number) - (b.ts as number));
  const coveredUntil = new Map<string, number>();
  for (const event of sorted) {
    const kind = kindOf(event);
    if (!kind) continue;
    const from = event.ts as number;
    const to = from + (event.dur ?? 0);
    const covered = coveredUntil.get(kind) ?? 0;
    if (to <= covered) continue;
    const counted = to - Math.max(from, covered);
    coveredUntil.set(kind, to);
    byKind.set(kind, (byKind.get(kind) ?? 0) + counted);
    const url = urlOf(event);
    if (url && (kind === 'script' || kind === 'compile')) byScript.set(`${kind} ${url}`, (byScript.get(`${kind} ${url}`) ?? 0) + counted);
  }
  const ms = (micro: number) => round(micro / 1000);
  const longTasks = sorted.filter((event) => event.name === 'RunTask' && (event.dur ?? 0) >= 50_000).map((event) => ({ at: ms((event.ts as number) - start), ms: ms(event.dur ?? 0) }));
  return {
    rowsPaintedMs: round(rowsPaintedMs),
    mainThreadBusyMs: ms(busy),
    idleMs: round(rowsPaintedMs - busy / 1000),
    byKind: Object.fromEntries([...byKind].sort((a, b) => b[1] - a[1]).map(([kind, micro]) => [kind, ms(micro)])),
    topScripts: Object.fromEntries([...byScript].sort((a, b) => b[1] - a[1]).slice(0, 12).map(([name, micro]) => [name, ms(micro)])),
    longTasks,
  };
}

async function main(): Promise<void> {
  const flags = stringFlags(['opens', 'trace'], 'npx tsx bench/inbox-trace.ts [--opens 3] [--trace <file.json>]');
  const opens = wholeNumberFlag('opens', flags.opens, 1, 20) ?? 3;
  const resources = new Resources();
  try {
    await ensureBuilt();
    const browser = resources.keep(await launchChromium(), (opened) => opened.close());
    const shell = resources.keep(await startBenchShell(), (started) => started.close());
    await signIn(browser, shell);
    await timeToFirstRows(browser, shell);
    const file = path.join(os.tmpdir(), `ledgerdesk-inbox-trace-${process.pid}.json`);
    for (let open = 0; open < opens; open += 1) {
      const { context, page } = await newBenchContext(browser);
      try {
        await page.addInitScript((selector) => {
          const g = globalThis as unknown as PageGlobals;
          const observer = new g.MutationObserver(() => {
            if (!g.document.querySelector(selector)) return;
            observer.disconnect();
            const inDom = performance.now();
            g.requestAnimationFrame(() => g.setTimeout(() => (g.benchFirstRows = { inDom, painted: performance.now() }), 0));
          });
          observer.observe(g.document, { childList: true, subtree: true });
        }, DATA_ROW);
        await browser.startTracing(page, { path: file, categories });
        await page.goto(shell.url);
        const handle = await page.waitForFunction(() => (globalThis as unknown as PageGlobals).benchFirstRows, undefined, { timeout: STEP_TIMEOUT_MS });
        const times = z.object({ inDom: z.number(), painted: z.number() }).parse(await handle.jsonValue());
        await browser.stopTracing();
        const trace = traceSchema.parse(JSON.parse(await readFile(file, 'utf8')));
        console.log(JSON.stringify({ open: open + 1, rowsInDomMs: round(times.inDom), ...summarise(trace.traceEvents, times.painted) }));
        if (flags.trace && open === opens - 1) await writeFile(flags.trace, JSON.stringify(trace));
      } finally {
        await context.close();
      }
    }
    await rm(file, { force: true });
    log(`inbox-trace: ${os.loadavg().map((load) => load.toFixed(2)).join(' ')} load average at the end`);
  } finally {
    await resources.closeAll();
  }
}

await main();

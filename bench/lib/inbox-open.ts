import type { Browser } from 'playwright-core';
import { z } from 'zod';
import type { BenchShell } from './browser-shell';
import { DATA_ROW, newBenchContext, STEP_TIMEOUT_MS, type PageGlobals } from './inbox-page';
import { median, round } from './stats';

const firstRowsSchema = z.object({ inDom: z.number(), painted: z.number() });
/** Where a cold open's time goes, from navigation start (ms); null when the page did not do it. */
const milestonesSchema = z.object({
  domContentLoaded: z.number(),
  documentsChunkLoaded: z.number().nullable(),
  listRequested: z.number().nullable(),
  listAnswered: z.number().nullable(),
  rowsInDom: z.number(),
  rowsPainted: z.number(),
});
export type OpenMilestones = z.infer<typeof milestonesSchema>;

interface TimingEntry {
  name: string;
  startTime: number;
  responseEnd: number;
  domContentLoadedEventEnd?: number;
}

/**
 * (a) One cold navigation: a fresh context (no cache, no session storage) opens the launch URL; a
 * script installed before the page's own notes when the first data row is in the DOM and the frame
 * after (its paint). Times are from navigation start (performance.timeOrigin).
 */
export async function timeToFirstRows(browser: Browser, shell: BenchShell): Promise<OpenMilestones> {
  const { context, page, problems } = await newBenchContext(browser);
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
    await page.goto(shell.url);
    const handle = await page.waitForFunction(() => (globalThis as unknown as PageGlobals).benchFirstRows, undefined, { timeout: STEP_TIMEOUT_MS });
    const times = firstRowsSchema.parse(await handle.jsonValue());
    if (problems.length > 0) throw new Error(`The app reported errors while opening: ${problems.join('; ')}`);
    const timings = await page.evaluate(() => {
      const timeline = performance as unknown as { getEntriesByType(type: string): TimingEntry[] };
      const resources = timeline.getEntriesByType('resource');
      const list = resources.find((entry) => entry.name.includes('/bridge/invoke/documents.list'));
      const chunk = resources.find((entry) => /\/DocumentsPage-[\w-]+\.js$/.test(entry.name));
      return {
        domContentLoaded: timeline.getEntriesByType('navigation')[0]?.domContentLoadedEventEnd ?? -1,
        documentsChunkLoaded: chunk?.responseEnd ?? null,
        listRequested: list?.startTime ?? null,
        listAnswered: list?.responseEnd ?? null,
      };
    });
    return milestonesSchema.parse({ ...timings, rowsInDom: times.inDom, rowsPainted: times.painted });
  } finally {
    await context.close();
  }
}

/** The median of each milestone over several opens. */
export const milestoneMedians = (opens: readonly OpenMilestones[]): OpenMilestones => {
  const of = (pick: (open: OpenMilestones) => number | null): number | null => {
    const values = opens.map(pick).filter((value): value is number => value !== null);
    return values.length === 0 ? null : round(median(values));
  };
  return {
    domContentLoaded: of((open) => open.domContentLoaded) ?? -1,
    documentsChunkLoaded: of((open) => open.documentsChunkLoaded),
    listRequested: of((open) => open.listRequested),
    listAnswered: of((open) => open.listAnswered),
    rowsInDom: of((open) => open.rowsInDom) ?? -1,
    rowsPainted: of((open) => open.rowsPainted) ?? -1,
  };
};


import type { Browser, Page } from 'playwright-core';
import { z } from 'zod';
import { withDeadline } from './deadline';
import { newBenchContext, STEP_TIMEOUT_MS, type PageGlobals } from './inbox-page';
import { maximum, median, percentile, round, shareAbove } from './stats';

/** One frame at 60 Hz. */
export const FRAME_BUDGET_MS = 16.7;
/** rAF timestamps are coarsened (0.1 ms) and jitter: an on-time frame reads 16.6 to 16.8 ms. */
export const FRAME_JITTER_MS = 1;

export interface FrameStats {
  frames: number;
  p50: number;
  p95: number;
  max: number;
  /** Share (0..1) of frame intervals over 16.7 ms. */
  over16: number;
  /** Share (0..1) of frame intervals over 25 ms, i.e. at least one whole frame missed. */
  dropped: number;
}

/** Main-thread time per frame while scrolling (Chromium's Performance domain), ms. */
export interface MainThreadPerFrame {
  task: number;
  script: number;
  layout: number;
  style: number;
}

const framesSchema = z.object({ deltas: z.array(z.number()), placeholderFrames: z.number(), scrolledTo: z.number(), scrollHeight: z.number() });
export type Frames = z.infer<typeof framesSchema>;

export const frameStats = (deltas: readonly number[]): FrameStats => ({
  frames: deltas.length,
  p50: round(median(deltas)),
  p95: round(percentile(deltas, 0.95)),
  max: round(maximum(deltas)),
  over16: round(shareAbove(deltas, FRAME_BUDGET_MS), 3),
  dropped: round(shareAbove(deltas, 25), 3),
});

/** An empty page's requestAnimationFrame loop: what this machine and headless Chromium do with no work at all. */
export async function blankFrames(browser: Browser, seconds: number): Promise<number[]> {
  const { context, page } = await newBenchContext(browser);
  try {
    await page.goto('about:blank');
    // No named functions in page code: tsx's keepNames would wrap them in a __name() the page lacks.
    const frames = page.evaluate(async (ms) => {
      const g = globalThis as unknown as PageGlobals;
      const deltas: number[] = [];
      const start = await new Promise<number>((resolve) => g.requestAnimationFrame(resolve));
      for (let last = start, now = start; now - start < ms; last = now) {
        now = await new Promise<number>((resolve) => g.requestAnimationFrame(resolve));
        deltas.push(now - last);
      }
      return deltas;
    }, seconds * 1000);
    return await withDeadline(frames, seconds * 3000 + STEP_TIMEOUT_MS, 'The empty page\'s frame loop');
  } finally {
    await context.close();
  }
}

/**
 * Scrolls the inbox grid from a rAF loop: each frame sets scrollTop from the frame's time, records
 * the interval since the previous frame and whether a placeholder row (page still loading) shows.
 * `mode` steady: `pxPerSecond` from the current position; drag: top to bottom in the given time.
 */
export async function scrollFrames(page: Page, mode: 'steady' | 'drag', seconds: number, pxPerSecond: number): Promise<Frames> {
  const frames = page.evaluate(
    async ({ mode, ms, pxPerSecond }): Promise<Frames> => {
      const g = globalThis as unknown as PageGlobals;
      const grid = g.document.querySelector('[role="grid"]');
      if (!grid) throw new Error('The inbox grid is not on the page.');
      const from = grid.scrollTop;
      const to = grid.scrollHeight - grid.clientHeight;
      const deltas: number[] = [];
      let placeholderFrames = 0;
      // Each step runs in the frame's rAF turn (a resolved promise continues before rendering).
      const start = await new Promise<number>((resolve) => g.requestAnimationFrame(resolve));
      for (let last = start, now = start; now - start < ms; last = now) {
        now = await new Promise<number>((resolve) => g.requestAnimationFrame(resolve));
        deltas.push(now - last);
        if (grid.querySelector('[aria-busy="true"]')) placeholderFrames += 1;
        const elapsed = now - start;
        grid.scrollTop = mode === 'steady' ? from + (elapsed * pxPerSecond) / 1000 : Math.min(to, (to * elapsed) / ms);
      }
      return { deltas, placeholderFrames, scrolledTo: grid.scrollTop, scrollHeight: grid.scrollHeight };
    },
    { mode, ms: seconds * 1000, pxPerSecond },
  );
  return framesSchema.parse(await withDeadline(frames, seconds * 3000 + STEP_TIMEOUT_MS, `The inbox's ${mode} scroll`));
}

const metricsSchema = z.object({ metrics: z.array(z.object({ name: z.string(), value: z.number() })) });

/** Runs `work` and returns the main thread's task/script/layout/style time it took, per frame, in ms. */
export async function withMainThreadMetrics(page: Page, work: () => Promise<Frames>): Promise<{ frames: Frames; perFrame: MainThreadPerFrame }> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('Performance.enable');
    const read = async (): Promise<Map<string, number>> => new Map(metricsSchema.parse(await cdp.send('Performance.getMetrics')).metrics.map((metric) => [metric.name, metric.value]));
    const before = await read();
    const frames = await work();
    const after = await read();
    const perFrame = (name: string): number => round((((after.get(name) ?? 0) - (before.get(name) ?? 0)) * 1000) / Math.max(1, frames.deltas.length));
    return { frames, perFrame: { task: perFrame('TaskDuration'), script: perFrame('ScriptDuration'), layout: perFrame('LayoutDuration'), style: perFrame('RecalcStyleDuration') } };
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}


/** Zoom arithmetic of the PDF viewer: steps, fit width, fit page. Scales are relative to 72 dpi (1 = 100 %). */

export const ZOOM_STEPS: readonly number[] = [0.25, 0.33, 0.5, 0.67, 0.75, 0.9, 1, 1.1, 1.25, 1.5, 1.75, 2, 2.5, 3, 4];
export const MIN_SCALE = 0.25;
export const MAX_SCALE = 4;

export type ZoomMode = 'fit-width' | 'fit-page' | 'custom';

export interface PageSize {
  /** Points at scale 1 (the page's viewport after its own rotation). */
  width: number;
  height: number;
}

export const clampScale = (scale: number): number => Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale));

/** The next step above `scale` (a value between steps goes to the next one up). */
export function zoomIn(scale: number): number {
  return ZOOM_STEPS.find((step) => step > scale + 0.001) ?? MAX_SCALE;
}

export function zoomOut(scale: number): number {
  return [...ZOOM_STEPS].reverse().find((step) => step < scale - 0.001) ?? MIN_SCALE;
}

/** The scale at which the page fills the available width (padding already removed by the caller). */
export function fitWidthScale(page: PageSize, availableWidth: number): number {
  if (page.width <= 0 || availableWidth <= 0) return 1;
  return clampScale(availableWidth / page.width);
}

/** The scale at which the whole page is visible. */
export function fitPageScale(page: PageSize, availableWidth: number, availableHeight: number): number {
  if (page.height <= 0 || availableHeight <= 0) return fitWidthScale(page, availableWidth);
  return clampScale(Math.min(fitWidthScale(page, availableWidth), availableHeight / page.height));
}

export const percent = (scale: number): number => Math.round(scale * 100);

/** Device pixels for a page canvas: sharp on HiDPI screens, capped so a big zoom cannot exhaust memory. */
export function outputScale(cssWidth: number, cssHeight: number, devicePixelRatio: number, maxPixels = 16_777_216): number {
  const wanted = Math.max(1, devicePixelRatio);
  const pixels = cssWidth * cssHeight * wanted * wanted;
  if (pixels <= maxPixels || pixels === 0) return wanted;
  return Math.max(0.25, Math.sqrt(maxPixels / (cssWidth * cssHeight)));
}

/**
 * Which page is "current": the last one whose top is above a line 30 % down the viewport.
 * `tops` are the pages' offsets from the top of the scrolled content, in order.
 */
export function currentPageAt(tops: readonly number[], scrollTop: number, viewportHeight: number): number {
  const line = scrollTop + viewportHeight * 0.3;
  let current = 1;
  for (let index = 0; index < tops.length; index += 1) {
    if ((tops[index] ?? 0) <= line) current = index + 1;
    else break;
  }
  return current;
}

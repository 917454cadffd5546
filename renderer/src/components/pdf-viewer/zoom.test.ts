import { describe, expect, it } from 'vitest';
import { currentPageAt, fitPageScale, fitWidthScale, outputScale, zoomIn, zoomOut } from './zoom';

const a4 = { width: 595, height: 842 };

describe('PDF zoom', () => {
  it('steps in and out, from a fitted scale to the next step', () => {
    expect(zoomIn(1)).toBe(1.1);
    expect(zoomOut(1)).toBe(0.9);
    expect(zoomIn(0.93)).toBe(1);
    expect(zoomOut(0.93)).toBe(0.9);
    expect(zoomIn(4)).toBe(4);
    expect(zoomOut(0.25)).toBe(0.25);
  });

  it('fits the width, or the whole page, within limits', () => {
    expect(fitWidthScale(a4, 595)).toBe(1);
    expect(fitPageScale(a4, 1190, 421)).toBe(0.5);
    expect(fitWidthScale(a4, 10)).toBe(0.25);
    expect(fitWidthScale(a4, 0)).toBe(1);
  });

  it('draws sharp on HiDPI screens without unbounded canvases', () => {
    expect(outputScale(600, 800, 2)).toBe(2);
    expect(outputScale(4000, 6000, 2)).toBeLessThan(2);
    expect(4000 * 6000 * outputScale(4000, 6000, 2) ** 2).toBeLessThanOrEqual(16_777_216 + 1);
  });

  it('tells which page is current from the scroll position', () => {
    const tops = [16, 900, 1784];
    expect(currentPageAt(tops, 0, 600)).toBe(1);
    expect(currentPageAt(tops, 800, 600)).toBe(2);
    expect(currentPageAt(tops, 5000, 600)).toBe(3);
  });
});

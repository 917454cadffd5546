/**
 * Types for code that runs inside the page (page.evaluate): the e2e folder compiles without the DOM
 * library, so the page's globals are described here and reached through `globalThis`.
 */
import type { AcubeBridge } from '../shared/contract';

export interface PageGlobals {
  acube?: AcubeBridge;
  sessionStorage: { getItem(key: string): string | null };
}

import type { AcubeBridge } from '../../../shared/contract';

declare global {
  interface Window {
    /** Provided by the Electron preload or the browser shell's bridge script; absent in a plain browser tab. */
    acube?: AcubeBridge;
    /** Set by the browser shell's bridge script when the page was opened without its secret. */
    acubeMissingReason?: 'secret';
  }
}

export {};

import type { AcubeBridge } from '../../../shared/contract';
import { AppError } from '../../../shared/contract/errors';
import { createBridgeClient, type BridgeClient } from './client';

export type { BridgeClient, ReloginCoordinator, InputArgs } from './client';
export { createBridgeClient } from './client';

let installed: BridgeClient | null = null;

/** Installs the client over the `window.acube` the shell provided (main.tsx, tests). */
export function installBridge(acube: AcubeBridge): BridgeClient {
  installed = createBridgeClient(acube);
  return installed;
}

function current(): BridgeClient {
  if (!installed) throw new AppError('internal', 'The bridge to the app core is not installed.');
  return installed;
}

/** The typed client every feature uses: `bridge.invoke('profiles.list')`. */
export const bridge: BridgeClient = {
  invoke: ((...args: Parameters<BridgeClient['invoke']>) => current().invoke(...args)) as BridgeClient['invoke'],
  on: (event, listener) => current().on(event, listener),
  setReloginCoordinator: (coordinator) => current().setReloginCoordinator(coordinator),
};

const isBridge = (value: unknown): value is AcubeBridge =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as AcubeBridge).invoke === 'function' &&
  typeof (value as AcubeBridge).on === 'function';

/**
 * The shell's object, waiting for the page to finish loading in case the shell's bridge script
 * is loaded after ours; undefined in a plain browser tab.
 */
export async function findShellBridge(win: Window = window): Promise<AcubeBridge | undefined> {
  if (isBridge(win.acube)) return win.acube;
  if (win.document.readyState !== 'complete') {
    await new Promise<void>((resolve) => win.addEventListener('load', () => resolve(), { once: true }));
  }
  return isBridge(win.acube) ? win.acube : undefined;
}

import type { Dialogs } from '../ports';

/** Hosts without native dialogs (the browser shell, tests): the renderer asks in its own UI instead. */
export function createNoDialogs(): Dialogs {
  return {
    chooseFolder: () => Promise.resolve(null),
    chooseFiles: () => Promise.resolve([]),
    chooseSavePath: () => Promise.resolve(null),
  };
}

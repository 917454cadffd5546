/** A packaged app runs the code it ships: no environment variable may point the core elsewhere. */
import { app } from 'electron';
import { ignoreDevOverrides } from '../core/dev-overrides';

export const ignoreDevOverridesWhenPackaged = (): void => {
  if (app.isPackaged) ignoreDevOverrides();
};

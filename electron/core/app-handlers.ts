/** `app.info` and `preferences.*`. */
import { hasDialogs } from './files/handlers';
import type { HandlerFactory } from './handlers';

export const createAppHandlers: HandlerFactory = (services) => ({
  'app.info': () =>
    Promise.resolve({
      version: services.ports.appVersion,
      shell: services.ports.shell,
      nativeDialogs: hasDialogs(services.ports),
      platform: process.platform,
      secretStorage: services.ports.secrets.info(),
    }),
  'preferences.get': () => Promise.resolve(services.preferences.get()),
  'preferences.set': (changes) => Promise.resolve(services.preferences.set(changes)),
});

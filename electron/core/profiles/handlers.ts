/** `profiles.*` and `emulator.*` channels. */
import type { HandlerFactory } from '../handlers';

export const createProfileHandlers: HandlerFactory = (services) => ({
  'profiles.list': () => Promise.resolve(services.profiles.state()),
  'profiles.save': (draft) => services.saveProfile(draft),
  'profiles.delete': ({ id }) => services.deleteProfile(id),
  'profiles.activate': ({ id }) => services.activateProfile(id),
  'emulator.status': () => Promise.resolve(services.emulator.status()),
  'emulator.restart': () => services.restartEmulator(),
});

/** `watch.*` channels: the watched upload folders. */
import path from 'node:path';
import { resolveDestination } from '../files/file-ref';
import type { LinkedHandlerFactory } from '../handlers';
import { createWatchService } from './service';

export const createWatchHandlers: LinkedHandlerFactory = (services, invoke) => {
  const watch = createWatchService({
    invoke,
    files: services.files,
    settings: services.ports.settings,
    events: services.events,
    logger: services.logger,
    activity: services.activity,
    journalPath: path.join(services.ports.userDataDir, 'watch', 'journal.json'),
  });
  let started: Promise<void> | undefined;
  // With the core's start (the session's first change), like the upload journal; or at the first watch call.
  const start = (): Promise<void> => (started ??= watch.start());
  const off = services.events.on((event, payload) => {
    if (event === 'session.changed') void start();
    if (event === 'uploads.changed') watch.uploadsChanged((payload as { entries: Parameters<typeof watch.uploadsChanged>[0] }).entries);
  });
  services.onDispose(async () => {
    off();
    await watch.dispose();
  });
  return {
    'watch.folders': async () => {
      await start();
      return watch.statuses();
    },
    'watch.save': async ({ folder, ...input }, context) => {
      await start();
      return watch.save({ ...input, ...(folder ? { folder: await resolveDestination(folder, services, context) } : {}) });
    },
    'watch.remove': async ({ country }) => ({ removed: await watch.remove(country) }),
    'watch.setPaused': async ({ country, paused }) => {
      await start();
      return watch.setPaused(country, paused);
    },
  };
};

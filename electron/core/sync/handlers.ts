/** `sync.*` channels: inbox sync rules, their status, pause/resume and "run now". */
import path from 'node:path';
import { createDocumentsApi } from '../documents/api';
import { resolveDestination } from '../files/file-ref';
import { createWriterThreads } from '../files/worker-writer';
import type { HandlerFactory } from '../handlers';
import { createSyncService } from './service';

export const createSyncHandlers: HandlerFactory = (services) => {
  const writerThreads = createWriterThreads();
  const sync = createSyncService({
    api: createDocumentsApi({ http: services.http, baseUrl: () => services.endpoints().urls.documentsUrl, token: () => services.session.getToken() }),
    settings: services.ports.settings,
    logger: services.logger,
    events: services.events,
    notifier: services.ports.notifier,
    clock: services.ports.clock,
    activity: services.activity,
    journalsDir: path.join(services.ports.userDataDir, 'sync'),
    activeProfileId: () => services.profiles.active().id,
    profileName: (id) => services.profiles.get(id)?.name,
    signedIn: () => services.session.status().state === 'signedIn',
    writerThreads,
  });
  // Rules start with the session (the core's start restores it) and follow sign-ins and profile switches.
  const off = services.events.on((event) => {
    if (event === 'session.changed' || event === 'profiles.changed') sync.kick();
  });
  services.onDispose(async () => {
    off();
    await sync.dispose();
    await writerThreads.dispose();
  });
  return {
    'sync.rules': () => Promise.resolve(sync.statuses()),
    'sync.save': async ({ folder, ...draft }, context) => sync.save({ ...draft, ...(folder ? { folder: await resolveDestination(folder, services, context) } : {}) }),
    'sync.delete': ({ id }) => sync.remove(id).then((deleted) => ({ deleted })),
    'sync.setPaused': ({ id, paused }) => sync.setPaused(id, paused),
    'sync.runNow': ({ id }) => sync.runNow(id),
  };
};

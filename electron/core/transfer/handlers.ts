/** `uploads.*` and `transferDocuments.*` channels. */
import type { HandlerFactory } from '../handlers';
import { createUploadsService } from './service';

export const createUploadHandlers: HandlerFactory = (services) => {
  const uploads = createUploadsService({
    http: services.http,
    transferUrl: () => services.endpoints().urls.transferUrl,
    activeProfileId: () => services.profiles.active().id,
    session: services.session,
    events: services.events,
    settings: services.ports.settings,
    notifier: services.notices,
    logger: services.logger,
    clock: services.ports.clock,
    userDataDir: services.ports.userDataDir,
  });
  // The journal opens with the core's start (the session's first change) or the first uploads call.
  services.onDispose(() => uploads.dispose());
  return {
    'uploads.add': (input) => uploads.add(input),
    'uploads.list': (input) => uploads.list(input),
    'uploads.retry': (input) => uploads.retry(input.localId),
    'uploads.cancel': (input) => uploads.cancel(input.localId),
    'uploads.findByE2eId': (input) => uploads.findByE2eId(input.e2eId),
    'uploads.preferences': () => Promise.resolve(uploads.preferences()),
    'uploads.setPreferences': (changes) => Promise.resolve(uploads.setPreferences(changes)),
    'transferDocuments.list': (input) => uploads.listTransferDocuments(input.uploadId),
    'transferDocuments.download': (input) => uploads.downloadTransferDocument(input.id),
  };
};

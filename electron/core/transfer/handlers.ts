/** `uploads.*` and `transferDocuments.*` channels. */
import { ownerOf } from '../app-types';
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
    notifier: services.ports.notifier,
    logger: services.logger,
    clock: services.ports.clock,
    userDataDir: services.ports.userDataDir,
  });
  // The journal opens with the core's start (the session's first change) or the first uploads call.
  services.onDispose(() => uploads.dispose());
  return {
    // Handles are resolved for the calling window (a folder handle adds its files); bytes pass through.
    'uploads.add': async (input, context) => {
      const files = await Promise.all(
        input.files.map(async ({ file, e2eId }) => ({
          file: file.kind === 'bytes' ? file : { kind: 'path' as const, path: (await services.files.resolve(file, ownerOf(context), 'read')).path },
          ...(e2eId !== undefined ? { e2eId } : {}),
        })),
      );
      return uploads.add({ ...input, files });
    },
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

/** `uploads.*` and `transferDocuments.*` channels. */
import { AppError, because, reason, type UploadFileRef } from '../../../shared/contract';
import { ownerOf, type CallContext } from '../app-types';
import { listFolderFiles } from '../files/folder-listing';
import type { HandlerFactory } from '../handlers';
import type { DroppedFile } from './intake';
import { createUploadsService } from './service';

/** What `uploads.add` takes at once (its schema's limit). */
const MAX_FILES_PER_FOLDER = 5_000;

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
    ...(services.options.uploads ? { tuning: services.options.uploads } : {}),
  });
  const intakeRefOf = async (file: UploadFileRef, context: CallContext): Promise<DroppedFile['file']> => {
    if (file.kind === 'handle') return { kind: 'path', path: (await services.files.resolve(file, ownerOf(context), 'read')).path };
    if (file.kind === 'bytes') return file;
    // The schema let only a Uint8Array through (the bridge's binary body); this narrows the type.
    if (!(file.data instanceof Uint8Array)) throw new AppError('bad_request', `The bytes of ${file.name} did not arrive as binary.`);
    return { kind: 'binary', name: file.name, data: file.data, ...(file.relativePath !== undefined ? { relativePath: file.relativePath } : {}) };
  };
  // The journal opens with the core's start (the session's first change) or the first uploads call.
  services.onDispose(() => uploads.dispose());
  return {
    // Handles are resolved for the calling window (a folder handle adds its files); bytes pass through.
    'uploads.add': async (input, context) => {
      const files = await Promise.all(input.files.map(async ({ file, e2eId }) => ({ file: await intakeRefOf(file, context), ...(e2eId !== undefined ? { e2eId } : {}) })));
      return uploads.add({ ...input, files });
    },
    // A folder granted for reading (the native dialog's choice) listed here, off the page: its files are then added by sub-path.
    'uploads.listFolder': async (input, context) => {
      const folder = await services.files.resolve(input.folder, ownerOf(context), 'read');
      if (folder.kind !== 'folder') throw new AppError('file', `${folder.name} is a file, not a folder. Choose a folder.`, { details: because(reason('files.chooseFolderNotFile', { name: folder.name })) });
      const listing = await listFolderFiles(folder.path, { maxFiles: services.options.uploads?.maxFilesPerAdd ?? MAX_FILES_PER_FOLDER, folderName: folder.name });
      return { name: folder.name, ...listing };
    },
    'uploads.list': () => uploads.list(),
    'uploads.retry': (input) => uploads.retry(input.localId),
    'uploads.cancel': (input) => uploads.cancel(input.localId),
    'uploads.findByE2eId': (input) => uploads.findByE2eId(input.e2eId),
    'uploads.preferences': () => Promise.resolve(uploads.preferences()),
    'uploads.setPreferences': (changes) => Promise.resolve(uploads.setPreferences(changes)),
    'transferDocuments.list': (input) => uploads.listTransferDocuments(input.uploadId),
    'transferDocuments.download': (input) => uploads.downloadTransferDocument(input.id),
  };
};

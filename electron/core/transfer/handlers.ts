/** `uploads.*` and `transferDocuments.*` channels. */
import { AppError, because, reason, type UploadFileRef } from '../../../shared/contract';
import { ownerOf, type CallContext } from '../app-types';
import { listFolderFiles } from '../files/folder-listing';
import type { ResolvedFile } from '../files/handles';
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
    activeEnvironment: () => services.profiles.active().environment,
    session: services.session,
    events: services.events,
    settings: services.ports.settings,
    notifier: services.notices,
    logger: services.logger,
    clock: services.ports.clock,
    userDataDir: services.ports.userDataDir,
    fileReader: services.fileReader,
    ...(services.options.uploads ? { tuning: services.options.uploads } : {}),
  });
  const intakeRefOf = async (file: UploadFileRef, context: CallContext): Promise<DroppedFile['file']> => {
    if (file.kind === 'handle') return { kind: 'path', path: (await services.files.resolve(file, ownerOf(context), 'read')).path };
    if (file.kind === 'bytes') return file;
    // The schema let only a Uint8Array through (the bridge's binary body); this narrows the type.
    if (!(file.data instanceof Uint8Array)) throw new AppError('bad_request', `The bytes of ${file.name} did not arrive as binary.`);
    return { kind: 'binary', name: file.name, data: file.data, ...(file.relativePath !== undefined ? { relativePath: file.relativePath } : {}) };
  };
  /** A folder handle granted to the calling window for reading (a dialog's choice), resolved. */
  const grantedFolder = async (folder: { handle: string }, context: CallContext): Promise<ResolvedFile> => {
    const resolved = await services.files.resolve(folder, ownerOf(context), 'read');
    if (resolved.kind !== 'folder') throw new AppError('file', `${resolved.name} is a file, not a folder. Choose a folder.`, { details: because(reason('files.chooseFolderNotFile', { name: resolved.name })) });
    return resolved;
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
      const folder = await grantedFolder(input.folder, context);
      const listing = await listFolderFiles(folder.path, { maxFiles: services.options.uploads?.maxFilesPerAdd ?? MAX_FILES_PER_FOLDER, folderName: folder.name });
      return { name: folder.name, ...listing };
    },
    // Files of such a folder hashed for the batch's "same content" warning; one that cannot be resolved (gone, a link out of the folder) or read has no hash.
    'uploads.hashFolderFiles': async (input, context) => {
      await grantedFolder(input.folder, context);
      const paths = await Promise.all(
        input.subpaths.map((subpath) =>
          services.files.resolve({ handle: input.folder.handle, subpath }, ownerOf(context), 'read').then(
            (file) => (file.kind === 'file' ? file.path : null),
            () => null,
          ),
        ),
      );
      return { sha256: await uploads.contentHashes(paths) };
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

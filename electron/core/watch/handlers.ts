/** `watch.*` channels: the watched upload folders. */
import path from 'node:path';
import { AppError, because, reason, type DestinationFolder } from '../../../shared/contract';
import { ownerOf, type CallContext } from '../app-types';
import type { FileHandles } from '../files/handles';
import type { LinkedHandlerFactory } from '../handlers';
import { createWatchService } from './service';

export const createWatchHandlers: LinkedHandlerFactory = (services, invoke) => {
  const watch = createWatchService({
    invoke,
    reader: services.fileReader,
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
      return watch.save({ ...input, ...(folder ? { folder: await resolveWatchedFolder(folder, services.files, context) } : {}) });
    },
    'watch.remove': async ({ country }) => ({ removed: await watch.remove(country) }),
    'watch.setPaused': async ({ country, paused }) => {
      await start();
      return watch.setPaused(country, paused);
    },
  };
};

/**
 * The folder to watch: a folder handle granted for reading by the host's dialog (or a folder
 * dropped on the Electron window). The app reads this folder's files, sends them and moves them
 * away, so the page may never name it: a typed path is refused in both shells (typed paths stay
 * for folders the app only writes into, `resolveDestination`).
 */
async function resolveWatchedFolder(folder: DestinationFolder, files: FileHandles, context: CallContext): Promise<string> {
  if (folder.kind === 'typed') {
    throw new AppError('forbidden', 'Choose the folder to watch with "Browse…" in the desktop app: a watched folder is read and emptied by the app, so it must be picked in the system folder dialog, never typed.', {
      details: because(reason('folders.watchNeedsDialog')),
    });
  }
  const resolved = await files.resolve(folder, ownerOf(context), 'read');
  if (resolved.kind !== 'folder') throw new AppError('file', `${resolved.name} is a file, not a folder. Choose a folder.`, { details: because(reason('files.chooseFolderNotFile', { name: resolved.name })) });
  return resolved.path;
}

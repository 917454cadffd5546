import { ipcMain, type BrowserWindow, type IpcMainInvokeEvent } from 'electron';
import { z } from 'zod';
import type { Envelope } from '../../shared/contract';
import type { CoreApp } from '../core/app-types';
import { EVENT_IPC_CHANNEL, GRANT_IPC_CHANNEL, INVOKE_IPC_CHANNEL, MAX_FILES_PER_GRANT } from '../shell-common/ipc-names';
import { isAppUrl } from './app-protocol';

const refused = (message: string): Envelope<never> => ({ ok: false, error: { code: 'forbidden', message } });

/** Only the main frame of the app's window, showing the app's own origin, may call the core. */
const isTrustedSender = (event: IpcMainInvokeEvent, window: BrowserWindow | null): boolean => {
  const frame = event.senderFrame;
  if (window === null || window.isDestroyed() || frame === null) return false;
  const main = window.webContents.mainFrame;
  return (
    event.sender === window.webContents &&
    frame.processId === main.processId &&
    frame.routingId === main.routingId &&
    isAppUrl(frame.url)
  );
};

/** Handles are granted to, and resolved for, one window's contents. */
const windowOf = (event: IpcMainInvokeEvent): string => `electron:${event.sender.id}`;

const grantedPathsSchema = z.array(z.string().max(4096)).max(MAX_FILES_PER_GRANT);

/**
 * One IPC channel carries every contract call; the core validates the channel name and payload.
 * A second one, called by the preload only, grants the files it resolved (`webUtils.getPathForFile`).
 */
export const connectCoreToWindow = (
  core: Pick<CoreApp, 'handle' | 'onEvent' | 'grantFiles' | 'revokeGrants'>,
  getWindow: () => BrowserWindow | null,
): (() => void) => {
  const watched = new Set<string>();
  /** The window a call comes from; a reload (a new document) or a closed window gives up what was granted to it. */
  const windowOfCall = (event: IpcMainInvokeEvent): string => {
    const window = windowOf(event);
    if (!watched.has(window)) {
      watched.add(window);
      event.sender.on('did-navigate', () => core.revokeGrants(window));
      event.sender.once('destroyed', () => {
        watched.delete(window);
        core.revokeGrants(window);
      });
    }
    return window;
  };
  ipcMain.handle(GRANT_IPC_CHANNEL, async (event, paths: unknown): Promise<Envelope<unknown>> => {
    if (!isTrustedSender(event, getWindow())) return refused('Files can only be granted to the app window.');
    const parsed = grantedPathsSchema.safeParse(paths);
    if (!parsed.success) return { ok: false, error: { code: 'bad_request', message: `At most ${MAX_FILES_PER_GRANT} files can be granted at once.` } };
    try {
      return { ok: true, value: await core.grantFiles(parsed.data, windowOfCall(event)) };
    } catch {
      return { ok: false, error: { code: 'internal', message: 'The files could not be registered; see the log.' } };
    }
  });
  ipcMain.handle(INVOKE_IPC_CHANNEL, async (event, channel: unknown, payload: unknown): Promise<Envelope<unknown>> => {
    if (!isTrustedSender(event, getWindow())) return refused('Calls are only accepted from the app window.');
    if (typeof channel !== 'string') return { ok: false, error: { code: 'bad_request', message: 'The channel must be a string.' } };
    try {
      return await core.handle(channel, payload, { caller: `ipc:${event.senderFrame?.url ?? ''}`, window: windowOfCall(event) });
    } catch {
      return { ok: false, error: { code: 'internal', message: 'Something went wrong in the app; see the log.' } };
    }
  });
  const unsubscribe = core.onEvent((name, payload) => {
    const window = getWindow();
    if (window !== null && !window.isDestroyed()) window.webContents.send(EVENT_IPC_CHANNEL, name, payload);
  });
  return () => {
    unsubscribe();
    ipcMain.removeHandler(INVOKE_IPC_CHANNEL);
    ipcMain.removeHandler(GRANT_IPC_CHANNEL);
  };
};

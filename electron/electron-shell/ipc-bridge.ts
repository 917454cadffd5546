import { ipcMain, type BrowserWindow, type IpcMainInvokeEvent } from 'electron';
import type { Envelope } from '../../shared/contract';
import type { CoreApp } from '../core/app-types';
import type { Logger } from '../core/ports';
import { EVENT_IPC_CHANNEL, INVOKE_IPC_CHANNEL } from '../shell-common/ipc-names';
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

/** Where a refused call came from, for the log (the URL without query or fragment, which may hold secrets). */
const senderLabel = (event: IpcMainInvokeEvent): string => {
  const url = event.senderFrame?.url ?? '';
  let where = '(no frame)';
  try {
    if (url !== '') {
      const parsed = new URL(url);
      where = `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
    }
  } catch {
    where = url.slice(0, 100);
  }
  return `${where} (web contents ${event.sender.id ?? '?'}, frame ${event.senderFrame?.processId ?? '?'}:${event.senderFrame?.routingId ?? '?'})`;
};

/** One IPC channel carries every contract call; the core validates the channel name and payload. */
export const connectCoreToWindow = (
  core: Pick<CoreApp, 'handle' | 'onEvent'>,
  getWindow: () => BrowserWindow | null,
  logger?: Pick<Logger, 'warn'>,
): (() => void) => {
  // Each refused sender is logged once (as VS Code does): enough to notice an attack, not a flood.
  const refusedSenders = new Set<string>();
  ipcMain.handle(INVOKE_IPC_CHANNEL, async (event, channel: unknown, payload: unknown): Promise<Envelope<unknown>> => {
    if (!isTrustedSender(event, getWindow())) {
      const label = senderLabel(event);
      if (!refusedSenders.has(label)) {
        refusedSenders.add(label);
        logger?.warn('Refused IPC calls from an untrusted sender', { sender: label, channel: String(channel).slice(0, 100) });
      }
      return refused('Calls are only accepted from the app window.');
    }
    if (typeof channel !== 'string') return { ok: false, error: { code: 'bad_request', message: 'The channel must be a string.' } };
    try {
      return await core.handle(channel, payload, { caller: `ipc:${event.senderFrame?.url ?? ''}` });
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
  };
};

/**
 * The only bridge between the sandboxed renderer and main (DESIGN §1): `window.acube = { invoke, on,
 * grantFiles }`, limited to the contract's channel and event names. Bundled to one CommonJS file
 * that requires nothing but `electron` (a sandboxed preload cannot load anything else).
 */
import { contextBridge, ipcRenderer, webUtils } from 'electron';
import { channelNames, eventNames } from './shell-common/contract-names';
import { EVENT_IPC_CHANNEL, GRANT_IPC_CHANNEL, INVOKE_IPC_CHANNEL, MAX_FILES_PER_GRANT } from './shell-common/ipc-names';

type Listener = (payload: unknown) => void;
type Failure = { ok: false; error: { code: string; message: string } };

const channels = new Set(channelNames);
const events = new Set(eventNames);
const listeners = new Map<string, Set<Listener>>();

const failure = (code: string, message: string): Failure => ({ ok: false, error: { code, message } });

ipcRenderer.on(EVENT_IPC_CHANNEL, (_event, name: unknown, payload: unknown) => {
  if (typeof name !== 'string') return;
  for (const listener of [...(listeners.get(name) ?? [])]) {
    try {
      listener(payload);
    } catch (error) {
      setTimeout(() => {
        throw error;
      });
    }
  }
});

const invoke = (channel: unknown, payload: unknown): Promise<unknown> => {
  if (typeof channel !== 'string' || !channels.has(channel)) {
    return Promise.resolve(failure('bad_request', `Unknown channel "${String(channel).slice(0, 100)}".`));
  }
  return ipcRenderer
    .invoke(INVOKE_IPC_CHANNEL, channel, payload)
    .catch((error: unknown) => failure('internal', error instanceof Error ? error.message : 'The call failed.'));
};

const on = (event: unknown, listener: unknown): (() => void) => {
  if (typeof event !== 'string' || !events.has(event)) throw new Error(`Unknown event "${String(event).slice(0, 100)}".`);
  if (typeof listener !== 'function') throw new TypeError('acube.on(event, listener): the listener must be a function.');
  let set = listeners.get(event);
  if (set === undefined) {
    set = new Set();
    listeners.set(event, set);
  }
  const typed = listener as Listener;
  set.add(typed);
  return () => {
    set.delete(typed);
  };
};

/** A real dropped or picked file's path; '' for a File made up by a script (it has none). */
const pathOf = (file: unknown): string => {
  if (!(file instanceof File)) return '';
  try {
    return webUtils.getPathForFile(file);
  } catch {
    return '';
  }
};

/**
 * Registers real dropped or picked files with main, which answers with an opaque handle for each
 * (null where there is nothing to grant). The renderer never sees or sends the paths.
 */
const grantFiles = async (files: unknown): Promise<unknown> => {
  if (!Array.isArray(files) || files.length > MAX_FILES_PER_GRANT) {
    throw new TypeError(`acube.grantFiles(files): give an array of at most ${MAX_FILES_PER_GRANT} File objects.`);
  }
  const paths = files.map(pathOf);
  if (paths.every((path) => path === '')) return paths.map(() => null);
  const answer = (await ipcRenderer.invoke(GRANT_IPC_CHANNEL, paths)) as { ok: boolean; value?: unknown; error?: { message?: string } };
  if (!answer.ok) throw new Error(answer.error?.message ?? 'The files could not be registered.');
  return answer.value;
};

contextBridge.exposeInMainWorld('acube', { invoke, on, grantFiles });

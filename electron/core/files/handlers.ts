/** `dialogs.*` channels: the native folder picker (when the host has one) and the default download folder. */
import type { HandlerFactory } from '../handlers';
import { defaultDownloadFolder } from './folders';

export const createFileHandlers: HandlerFactory = ({ ports }) => ({
  async 'dialogs.chooseFolder'(input) {
    // The browser shell has no native dialog: the renderer then lets the user type a path.
    if (ports.shell === 'browser') return { path: null, supported: false };
    const chosen = await ports.dialogs.chooseFolder({ title: input.title ?? 'Choose a folder', ...(input.defaultPath ? { defaultPath: input.defaultPath } : {}) });
    return { path: chosen, supported: true };
  },
  async 'dialogs.defaultDownloadFolder'() {
    return { path: await defaultDownloadFolder(ports.userDataDir) };
  },
});

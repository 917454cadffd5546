import { dialog, type BrowserWindow } from 'electron';
import type { Dialogs } from '../core/ports';

/** Native folder and save dialogs, attached to the app's window when there is one. */
export const createElectronDialogs = (getWindow: () => BrowserWindow | null): Dialogs => ({
  async chooseFolder({ title, defaultPath }) {
    const window = getWindow();
    const options: Electron.OpenDialogOptions = { title, properties: ['openDirectory', 'createDirectory'] };
    if (defaultPath !== undefined) options.defaultPath = defaultPath;
    const result = window ? await dialog.showOpenDialog(window, options) : await dialog.showOpenDialog(options);
    return result.canceled ? null : (result.filePaths[0] ?? null);
  },
  async chooseFiles({ title, multiple, extensions }) {
    const window = getWindow();
    const options: Electron.OpenDialogOptions = { title, properties: multiple ? ['openFile', 'multiSelections'] : ['openFile'] };
    if (extensions !== undefined && extensions.length > 0) options.filters = [{ name: 'Documents', extensions: [...extensions] }];
    const result = window ? await dialog.showOpenDialog(window, options) : await dialog.showOpenDialog(options);
    return result.canceled ? [] : result.filePaths;
  },
  async chooseSavePath({ title, defaultName }) {
    const window = getWindow();
    const options: Electron.SaveDialogOptions = { title, defaultPath: defaultName };
    const result = window ? await dialog.showSaveDialog(window, options) : await dialog.showSaveDialog(options);
    return result.canceled ? null : (result.filePath ?? null);
  },
});

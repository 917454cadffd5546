/**
 * `dialogs.*` channels: native pickers (when the host has them) and the default download folder.
 * What the user chooses is granted to the calling window as a handle (./README.md); no path
 * comes back from the renderer.
 */
import { AppError, because, reason } from '../../../shared/contract';
import { ownerOf } from '../app-types';
import type { HandlerFactory } from '../handlers';
import type { Dialogs } from '../ports';
import { defaultDownloadFolder } from './folders';

/** Electron has native dialogs; the browser shell has none, unless a test scripted them. */
export const hasDialogs = (ports: { shell: 'electron' | 'browser'; dialogs: Pick<Dialogs, 'scripted'> }): boolean => ports.shell === 'electron' || ports.dialogs.scripted === true;

export const createFileHandlers: HandlerFactory = ({ ports, files }) => ({
  async 'dialogs.chooseFolder'(input, context) {
    // The browser shell has no native dialog: the renderer then lets the user type a path (downloads only).
    if (!hasDialogs(ports)) return { folder: null, supported: false };
    const chosen = await ports.dialogs.chooseFolder({ title: input.title ?? 'Choose a folder' });
    if (chosen === null) return { folder: null, supported: true };
    const [folder] = await files.grant([chosen], ownerOf(context), { access: input.purpose === 'save' ? 'write' : 'read' });
    return { folder: folder ?? null, supported: true };
  },
  async 'dialogs.chooseFiles'(input, context) {
    if (!hasDialogs(ports)) return { files: [], supported: false };
    const chosen = await ports.dialogs.chooseFiles({ title: input.title ?? 'Choose files', multiple: input.multiple, ...(input.extensions ? { extensions: input.extensions } : {}) });
    const granted = await files.grant(chosen, ownerOf(context), { access: 'read' });
    return { files: granted.filter((file) => file !== null), supported: true };
  },
  async 'dialogs.defaultDownloadFolder'(_input, context) {
    const [folder] = await files.grant([await defaultDownloadFolder(ports.userDataDir)], ownerOf(context), { access: 'write' });
    if (!folder) throw new AppError('file', 'The app could not create a download folder; choose one.', { details: because(reason('files.noDefaultFolder')) });
    return { folder };
  },
});

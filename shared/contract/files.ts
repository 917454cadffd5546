import { z } from 'zod';
import { channel, noInput } from './define';

/**
 * A file handed from the renderer to main. Under Electron the preload resolves a dropped or picked
 * file's path (`webUtils.getPathForFile`) and main reads it; in the browser shell the bridge sends
 * the bytes. The core accepts either.
 */
export const fileRefSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('path'), path: z.string().min(1).max(4096) }),
  z.object({
    kind: z.literal('bytes'),
    name: z.string().min(1).max(1024),
    /** Standard base64 of the whole file. */
    base64: z.string().max(300 * 1024 * 1024),
    /** Folder-relative path when the file came from a dropped folder. */
    relativePath: z.string().max(4096).optional(),
  }),
]);
export type FileRef = z.infer<typeof fileRefSchema>;

/** Bytes going to the renderer (a PDF, a source, an attachment) travel as base64. */
export interface FilePayload {
  fileName: string;
  contentType: string;
  base64: string;
  size: number;
}

export const fileChannels = {
  /** A native folder picker; `supported: false` in the browser shell, where the user types a path. */
  'dialogs.chooseFolder': channel<{ path: string | null; supported: boolean }>()(
    z.object({ title: z.string().max(200).optional(), defaultPath: z.string().max(4096).optional() }).optional().default({}),
  ),
  /** A sensible default folder for downloads (e.g. ~/Downloads/Ledgerdesk). */
  'dialogs.defaultDownloadFolder': channel<{ path: string }>()(noInput),
};

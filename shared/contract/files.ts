import { z } from 'zod';
import { channel, noInput } from './define';

/**
 * A file granted to the renderer: an opaque, expiring handle main handed out for a file or folder
 * the user dropped, picked or chose in a native dialog (electron/core/files/README.md). A folder
 * handle grants its subtree: `subpath` names a file inside it.
 */
export const fileHandleSchema = z.object({
  kind: z.literal('handle'),
  handle: z.string().min(8).max(100),
  /** A path inside a granted folder, `/`-separated and relative (no `..`). */
  subpath: z.string().min(1).max(4096).optional(),
});
export type FileHandleRef = z.infer<typeof fileHandleSchema>;

export const fileBytesSchema = z.object({
  kind: z.literal('bytes'),
  name: z.string().min(1).max(1024),
  /** Standard base64 of the whole file. */
  base64: z.string().max(300 * 1024 * 1024),
  /** Folder-relative path when the file came from a dropped folder (shown to the user; never opened). */
  relativePath: z.string().max(4096).optional(),
});

const NOT_A_FILE_REF = 'A file must be given as a handle granted by the app or as its bytes; paths are not accepted.';

/**
 * A file handed from the renderer to main: a granted handle (Electron: the preload registers real
 * dropped or picked files, native dialogs register what the user chose) or its bytes (the browser
 * shell). The renderer never names a path.
 */
export const fileRefSchema = z.discriminatedUnion('kind', [fileHandleSchema, fileBytesSchema], { error: NOT_A_FILE_REF });
export type FileRef = z.infer<typeof fileRefSchema>;

/**
 * A file's bytes as binary, for `uploads.add` (a drop of thousands of files): the renderer hands
 * the `File` itself, and the browser shell's bridge carries it outside the call's JSON, as the
 * request body's raw bytes (no reading, no base64 on the page). Main receives them as a
 * `Uint8Array` and accepts nothing else here. Only where the bridge says it carries blobs
 * (`AcubeBridge.carriesBlobs`); Electron sends granted handles instead.
 */
export const fileBinarySchema = z.object({
  kind: z.literal('binary'),
  name: z.string().min(1).max(1024),
  data: z.custom<Blob | Uint8Array>((value) => value instanceof Uint8Array, { error: "The file's bytes did not arrive as binary." }),
  relativePath: z.string().max(4096).optional(),
});

/** What `uploads.add` takes for a file: a granted handle, or its bytes (base64 or binary). */
export const uploadFileRefSchema = z.discriminatedUnion('kind', [fileHandleSchema, fileBytesSchema, fileBinarySchema], { error: NOT_A_FILE_REF });
export type UploadFileRef = z.infer<typeof uploadFileRefSchema>;

/**
 * Where the app writes files (bulk download): a folder handle (a native dialog's choice, or the
 * default download folder), or, in the browser shell only, a path the user typed: it has no native
 * dialog (electron/core/files/README.md, "Destination folders").
 */
export const destinationFolderSchema = z.discriminatedUnion(
  'kind',
  [fileHandleSchema.omit({ subpath: true }), z.object({ kind: z.literal('typed'), path: z.string().trim().min(1, 'Choose a folder.').max(4096) })],
  { error: 'Choose a folder.' },
);
export type DestinationFolder = z.infer<typeof destinationFolderSchema>;

/** What a grant hands the renderer: the handle and what to show for it (never used to open anything). */
export interface GrantedFile {
  handle: string;
  kind: 'file' | 'folder';
  name: string;
  /** The full location, for display. */
  label: string;
  /** Bytes, for files. */
  size?: number;
}

/** Bytes going to the renderer (a PDF, a source, an attachment) travel as base64. */
export interface FilePayload {
  fileName: string;
  contentType: string;
  base64: string;
  size: number;
}

export const fileChannels = {
  /**
   * A native folder picker; `supported: false` in the browser shell, where the user types a path.
   * `purpose: 'save'` grants writing into the folder (downloads), `'open'` reading its files.
   */
  'dialogs.chooseFolder': channel<{ folder: GrantedFile | null; supported: boolean }>()(
    z
      .object({ title: z.string().max(200).optional(), purpose: z.enum(['save', 'open']).default('save') })
      .optional()
      .default({ purpose: 'save' }),
  ),
  /** A native file picker (read grants); `supported: false` in the browser shell, where `<input type=file>` gives bytes. */
  'dialogs.chooseFiles': channel<{ files: GrantedFile[]; supported: boolean }>()(
    z
      .object({
        title: z.string().max(200).optional(),
        multiple: z.boolean().default(false),
        /** Extensions without the dot, e.g. `['xml', 'json']`. */
        extensions: z.array(z.string().regex(/^[A-Za-z0-9.]{1,16}$/)).max(30).optional(),
      })
      .optional()
      .default({ multiple: false }),
  ),
  /** A sensible default folder for downloads (e.g. ~/Downloads/Ledgerdesk), granted for writing. */
  'dialogs.defaultDownloadFolder': channel<{ folder: GrantedFile }>()(noInput),
};

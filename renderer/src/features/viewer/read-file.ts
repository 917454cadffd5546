/** A picked or dropped File → what the viewer opens (a granted handle or base64 bytes; the renderer never names a path). */
import { VIEWER_MAX_FILE_BYTES } from '../../../../shared/contract/viewer';
import { shellGranter } from '../uploads/intake/file-ref';
import type { ViewerFile } from './DocumentViewer';

export class FileTooLargeError extends Error {}

export async function readViewerFile(file: File): Promise<ViewerFile> {
  if (file.size > VIEWER_MAX_FILE_BYTES) throw new FileTooLargeError(file.name);
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  const chunk = 0x8000;
  for (let index = 0; index < bytes.length; index += chunk) binary += String.fromCharCode(...bytes.subarray(index, index + chunk));
  return { name: file.name, base64: btoa(binary) };
}

/**
 * Electron: the preload grants the real file to this window and main reads it (no copy of the bytes
 * through IPC); the browser shell, or a file with no place on disk, sends its bytes.
 */
export async function grantedViewerFile(file: File): Promise<ViewerFile> {
  const grant = shellGranter();
  if (grant) {
    const [granted] = await grant([file]).catch(() => [null]);
    if (granted) return { name: file.name, handle: { kind: 'handle', handle: granted.handle } };
  }
  return readViewerFile(file);
}

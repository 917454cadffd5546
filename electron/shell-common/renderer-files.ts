import { stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';

export interface RendererFile {
  path: string;
  /** True for the app's index.html (the browser shell injects its bridge script into it). */
  isIndex: boolean;
}

const isFile = async (path: string): Promise<boolean> => {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
};

/**
 * Maps a URL path to a file under the built renderer folder, never outside it. Paths without an
 * extension that match no file fall back to index.html (client-side routes survive a reload);
 * a missing asset is null (404), never index.html.
 */
export const resolveRendererFile = async (rootDir: string, urlPath: string): Promise<RendererFile | null> => {
  const root = resolve(rootDir);
  const indexPath = join(root, 'index.html');
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const relative = normalize(decoded).replace(/^([/\\])+/, '');
  if (relative === '' || relative === '.') return { path: indexPath, isIndex: true };
  const candidate = resolve(root, relative);
  if (candidate !== root && !candidate.startsWith(root + sep)) return null;
  if (await isFile(candidate)) return { path: candidate, isIndex: candidate === indexPath };
  if (extname(candidate) === '') return { path: indexPath, isIndex: true };
  return null;
};

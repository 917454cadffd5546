/**
 * The user-data folder is the app's own (DESIGN §1): on POSIX systems it is 0700 and the
 * journals and logs the app keeps there are 0600. A folder made by an older version, restored
 * from a backup or copied with looser modes is tightened at start: the folder itself, the files
 * beside it (settings, secrets, the instance lock) and the app's own sub-folders, walked without
 * following links. The emulator's data and the default download folder are not the app's
 * journals: they are left as they are (the 0700 folder above them already keeps others out).
 * Windows has no such modes (its folder is the user's profile, private by its ACL): nothing to do.
 */
import fs from 'node:fs/promises';
import path from 'node:path';

/** The sub-folders holding the app's journals and logs. */
export const PRIVATE_PARTS = ['activity', 'watch', 'sync', 'uploads', 'logs', 'bulk-downloads'] as const;

const FOLDER_MODE = 0o700;
const FILE_MODE = 0o600;
/** Enough for any real folder (the uploads' kept copies included); a walk never runs unbounded. */
const MAX_ENTRIES = 50_000;
const MAX_DEPTH = 4;

export interface Tightened {
  /** What was tightened, relative to the user-data folder (`.` for the folder itself), with its mode before. */
  items: Array<{ path: string; was: string }>;
}

const looser = (mode: number, wanted: number): boolean => (mode & 0o777 & ~wanted) !== 0;
const octal = (mode: number): string => `0${(mode & 0o777).toString(8)}`;

export async function tightenUserDataModes(userDataDir: string, platform: NodeJS.Platform = process.platform): Promise<Tightened> {
  const items: Tightened['items'] = [];
  if (platform === 'win32') return { items };
  let seen = 0;

  const tighten = async (full: string, depth: number, walkFolder: boolean): Promise<void> => {
    if ((seen += 1) > MAX_ENTRIES) return;
    const stats = await fs.lstat(full).catch(() => undefined);
    // Links are never followed (nor changed: chmod would change what they point to).
    if (!stats || stats.isSymbolicLink()) return;
    const relative = path.relative(userDataDir, full) || '.';
    if (stats.isDirectory()) {
      if (looser(stats.mode, FOLDER_MODE)) {
        await fs.chmod(full, FOLDER_MODE);
        items.push({ path: relative, was: octal(stats.mode) });
      }
      if (!walkFolder || depth >= MAX_DEPTH) return;
      const names = await fs.readdir(full).catch(() => []);
      for (const name of names) await tighten(path.join(full, name), depth + 1, true);
    } else if (stats.isFile() && looser(stats.mode, FILE_MODE)) {
      await fs.chmod(full, FILE_MODE);
      items.push({ path: relative, was: octal(stats.mode) });
    }
  };

  await tighten(userDataDir, 0, false);
  const top = await fs.readdir(userDataDir, { withFileTypes: true }).catch(() => []);
  for (const entry of top) {
    const full = path.join(userDataDir, entry.name);
    if (entry.isFile()) await tighten(full, 1, false);
    else if (entry.isDirectory() && (PRIVATE_PARTS as readonly string[]).includes(entry.name)) await tighten(full, 1, true);
  }
  return { items };
}

import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

interface Opener {
  command: string;
  args: string[];
  /** Launchers that exit with an error when they find no browser (xdg-open: 3 or 4); waited for briefly. */
  reportsFailure?: boolean;
}

/** How long a launcher that reports failures is given before it counts as having opened the page. */
const LAUNCHER_VERDICT_MS = 3_000;

/** The ways to open a URL on this OS, most specific first (Chromium is what the app is tested in). */
export const openersFor = (url: string, platform: NodeJS.Platform = process.platform): Opener[] => {
  if (platform === 'darwin') return [{ command: 'open', args: [url] }];
  if (platform === 'win32') return [{ command: 'cmd', args: ['/c', 'start', '""', url.replace(/&/g, '^&')] }];
  const chromium = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].filter((path) => existsSync(path));
  return [{ command: 'xdg-open', args: [url], reportsFailure: true }, ...chromium.map((command) => ({ command, args: [`--app=${url}`] }))];
};

const trySpawn = (opener: Opener): Promise<boolean> =>
  new Promise((resolve) => {
    try {
      const child = spawn(opener.command, opener.args, { detached: true, stdio: 'ignore' });
      child.once('error', () => resolve(false));
      child.once('spawn', () => {
        child.unref();
        if (!opener.reportsFailure) {
          resolve(true);
          return;
        }
        const timer = setTimeout(() => resolve(true), LAUNCHER_VERDICT_MS);
        timer.unref();
        child.once('exit', (code) => {
          clearTimeout(timer);
          resolve(code === 0);
        });
      });
    } catch {
      resolve(false);
    }
  });

/** Opens the URL in the system browser; false when nothing could be started (the caller prints the URL). */
export const openUrl = async (url: string): Promise<boolean> => {
  for (const opener of openersFor(url)) {
    if (await trySpawn(opener)) return true;
  }
  return false;
};

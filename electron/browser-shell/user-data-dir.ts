import { homedir } from 'node:os';
import { join } from 'node:path';

const folderName = 'Ledgerdesk-browser';

/** The OS-appropriate app-data folder of the browser shell (separate from the Electron app's). */
export const defaultUserDataDir = (
  platform: NodeJS.Platform = process.platform,
  env: NodeJS.ProcessEnv = process.env,
  home: string = homedir(),
): string => {
  if (platform === 'win32') return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), folderName);
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', folderName);
  return join(env.XDG_CONFIG_HOME ?? join(home, '.config'), folderName);
};

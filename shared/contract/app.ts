import { z } from 'zod';
import { changesOf, channel, event, noInput } from './define';

export const themeSchema = z.enum(['system', 'light', 'dark']);
export const languageSchema = z.enum(['en', 'it', 'nb', 'pl']);

export const preferencesSchema = z.object({
  theme: themeSchema.default('system'),
  language: languageSchema.default('en'),
});
export type Preferences = z.infer<typeof preferencesSchema>;

export interface SecretStorageInfo {
  /** e.g. `keychain`, `dpapi`, `gnome_libsecret`, `basic_text`, `file` (browser shell). */
  backend: string;
  /** False when secrets are only obfuscated (Linux `basic_text`, the browser shell's 0600 file). */
  secure: boolean;
  note?: string;
}

export interface AppInfo {
  version: string;
  shell: 'electron' | 'browser';
  /** Folder and file dialogs answer (`dialogs.*` say `supported: true`): Electron, or a test's scripted dialogs in the browser shell. */
  nativeDialogs: boolean;
  platform: string;
  secretStorage: SecretStorageInfo;
}

export const appChannels = {
  'app.info': channel<AppInfo>()(noInput),
  'preferences.get': channel<Preferences>()(noInput),
  'preferences.set': channel<Preferences>()(changesOf(preferencesSchema)),
};

export const appEvents = {
  'preferences.changed': event<Preferences>(),
};

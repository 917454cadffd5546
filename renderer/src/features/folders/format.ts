import type { ActivityAction } from '../../../../shared/contract';
import type { foldersEn } from './i18n/en';

type ActionKey = keyof typeof foldersEn.activity.actions;

/** `session.signIn` → `session_signIn`: i18next reads dots in keys as nesting. */
export const actionKey = (action: ActivityAction): ActionKey => action.replace('.', '_') as ActionKey;

export function formatTime(language: string, iso: string | undefined): string {
  if (!iso) return '';
  return new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'medium' }).format(new Date(iso));
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

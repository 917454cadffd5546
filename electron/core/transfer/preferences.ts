/** The uploads' own preferences (destination country, End-to-end ID template) in the SettingsStore. */
import { uploadPreferencesSchema, type UploadPreferences } from '../../../shared/contract';
import type { Logger, SettingsStore } from '../ports';

export const UPLOAD_PREFERENCES_KEY = 'uploads.preferences';

export function readUploadPreferences(settings: SettingsStore, logger: Logger): UploadPreferences {
  const raw = settings.get<unknown>(UPLOAD_PREFERENCES_KEY) ?? {};
  const parsed = uploadPreferencesSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  logger.warn('The saved upload preferences are unreadable; using what is still valid and defaults for the rest');
  const fields = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const keep = Object.fromEntries(
    Object.entries(fields).filter(([key, value]) => uploadPreferencesSchema.shape[key as keyof UploadPreferences]?.safeParse(value).success),
  );
  return uploadPreferencesSchema.parse(keep);
}

export function writeUploadPreferences(settings: SettingsStore, logger: Logger, changes: Partial<UploadPreferences>): UploadPreferences {
  const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  const next = uploadPreferencesSchema.parse({ ...readUploadPreferences(settings, logger), ...defined });
  settings.set(UPLOAD_PREFERENCES_KEY, next);
  return next;
}

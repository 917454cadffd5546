/**
 * Profiles as saved in the SettingsStore. Everything read back is checked: a broken entry is
 * dropped, a broken whole falls back to the defaults, and either way the user is told.
 */
import { z } from 'zod';
import { profileSchema, profileUrlsSchema, type Profile } from '../../../shared/contract';
import type { Logger, SettingsStore } from '../ports';
import { builtInProfiles, DEFAULT_ACTIVE_ID, isBuiltInId } from './built-ins';

export const PROFILES_SETTINGS_KEY = 'profiles';

const builtInOverrideSchema = z.object({
  urls: profileUrlsSchema.optional(),
  extraCaPem: z.string().max(200_000).optional(),
  reviewed: z.boolean().optional(),
});
export type BuiltInOverride = z.infer<typeof builtInOverrideSchema>;

const storedSchema = z.object({
  version: z.literal(1),
  activeId: z.string(),
  custom: z.array(z.unknown()),
  builtInOverrides: z.record(z.string(), z.unknown()).default({}),
});

export interface SavedProfiles {
  activeId: string;
  custom: Profile[];
  builtInOverrides: Record<string, BuiltInOverride>;
}

export interface LoadedProfiles extends SavedProfiles {
  warning?: string;
}

const defaults = (): SavedProfiles => ({ activeId: DEFAULT_ACTIVE_ID, custom: [], builtInOverrides: {} });

export function loadProfiles(settings: SettingsStore, logger: Logger): LoadedProfiles {
  const raw = settings.get<unknown>(PROFILES_SETTINGS_KEY);
  if (raw === undefined) return defaults();
  const parsed = storedSchema.safeParse(raw);
  if (!parsed.success) {
    logger.warn('Saved profiles are unreadable; using the built-in profiles', { issues: parsed.error.issues.length });
    return { ...defaults(), warning: 'Your saved profiles could not be read, so the built-in profiles are used.' };
  }
  const problems: string[] = [];
  const custom: Profile[] = [];
  for (const item of parsed.data.custom) {
    const profile = profileSchema.safeParse(item);
    if (profile.success && profile.data.kind === 'remote' && profile.data.urls && !isBuiltInId(profile.data.id)) {
      if (!custom.some((p) => p.id === profile.data.id)) custom.push({ ...profile.data, builtIn: false });
    } else {
      problems.push('a custom profile');
    }
  }
  const builtInOverrides: Record<string, BuiltInOverride> = {};
  for (const [id, value] of Object.entries(parsed.data.builtInOverrides)) {
    const override = builtInOverrideSchema.safeParse(value);
    if (override.success && isBuiltInId(id)) builtInOverrides[id] = override.data;
    else problems.push(`the settings of the built-in profile "${id}"`);
  }
  let activeId = parsed.data.activeId;
  if (!isBuiltInId(activeId) && !custom.some((p) => p.id === activeId)) {
    problems.push('the active profile');
    activeId = DEFAULT_ACTIVE_ID;
  }
  if (problems.length === 0) return { activeId, custom, builtInOverrides };
  logger.warn('Parts of the saved profiles are unreadable and were left out', { problems });
  return {
    activeId,
    custom,
    builtInOverrides,
    warning: `Some saved profile settings could not be read (${[...new Set(problems)].join(', ')}); they were left out.`,
  };
}

export function saveProfiles(settings: SettingsStore, saved: SavedProfiles): void {
  settings.set(PROFILES_SETTINGS_KEY, { version: 1, ...saved });
}

/** The built-ins with the user's edits applied, followed by the custom profiles. */
export function materialize(saved: SavedProfiles): Profile[] {
  const builtIns = builtInProfiles.map((profile): Profile => {
    const override = saved.builtInOverrides[profile.id];
    if (!override) return { ...profile };
    const merged: Profile = { ...profile };
    if (override.urls && profile.kind === 'remote') merged.urls = override.urls;
    if (override.extraCaPem) merged.extraCaPem = override.extraCaPem;
    if (override.reviewed) delete merged.urlsNeedReview;
    return merged;
  });
  return [...builtIns, ...saved.custom];
}

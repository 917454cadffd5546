/** The list of profiles, which one is active, and the rules for editing them (DESIGN §4). */
import crypto from 'node:crypto';
import { AppError, because, reason, type ErrorReason, type Profile, type ProfilesState, type ProfileSaveInput } from '../../../shared/contract';
import type { CoreEvents } from '../events';
import type { Logger, SettingsStore } from '../ports';
import { builtInProfiles, isBuiltInId } from './built-ins';
import { loadProfiles, materialize, saveProfiles, type SavedProfiles } from './store';

/** `profiles.save` input after its schema ran (strings trimmed, defaults applied). */
export type ProfileDraft = Omit<Profile, 'id'> & { id?: string } & Partial<Pick<ProfileSaveInput, 'builtIn'>>;

export interface SaveResult {
  saved: Profile;
  /** The profile as it was before, when it existed. */
  previous?: Profile;
}

export interface ProfilesService {
  state(): ProfilesState;
  active(): Profile;
  get(id: string): Profile | undefined;
  save(draft: ProfileDraft): SaveResult;
  /** Removes a custom profile (the caller switches away first when it is the active one). */
  remove(id: string): Profile;
  setActive(id: string): void;
}

const invalid = (message: string, why: ErrorReason): AppError => new AppError('validation', message, { details: because(why) });

function slug(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48);
  return base || `profile-${crypto.randomBytes(3).toString('hex')}`;
}

function checkCaPem(pem: string | undefined): string | undefined {
  const trimmed = pem?.trim();
  if (!trimmed) return undefined;
  const blocks = trimmed.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
  if (blocks.length === 0) throw invalid('The extra CA must be one or more certificates in PEM format.', reason('profiles.caMissing'));
  blocks.forEach((block, index) => {
    try {
      new crypto.X509Certificate(block);
    } catch {
      throw invalid(`Certificate ${index + 1} of the extra CA cannot be read; paste it again in PEM format.`, reason('profiles.caUnreadable', { index: index + 1 }));
    }
  });
  return blocks.join('\n') + '\n';
}

export function createProfilesService(deps: { settings: SettingsStore; logger: Logger; events: CoreEvents }): ProfilesService {
  const loaded = loadProfiles(deps.settings, deps.logger);
  let warning = loaded.warning;
  let saved: SavedProfiles = { activeId: loaded.activeId, custom: loaded.custom, builtInOverrides: loaded.builtInOverrides };

  const state = (): ProfilesState => ({
    profiles: materialize(saved),
    activeId: saved.activeId,
    ...(warning ? { warning } : {}),
  });
  const get = (id: string): Profile | undefined => materialize(saved).find((p) => p.id === id);
  const commit = (next: SavedProfiles): void => {
    saveProfiles(deps.settings, next);
    saved = next;
    // A successful write replaced whatever could not be read.
    warning = undefined;
    deps.events.emit('profiles.changed', state());
  };

  const saveBuiltIn = (draft: ProfileDraft, builtIn: Profile): SaveResult => {
    if (draft.name !== builtIn.name || draft.kind !== builtIn.kind || draft.environment !== builtIn.environment) {
      throw invalid(`"${builtIn.name}" is built in: only its addresses and extra CA can be changed, not its name, kind or environment.`, reason('profiles.builtInFixed', { name: builtIn.name }));
    }
    if (builtIn.kind === 'emulator' && draft.urls) {
      throw invalid('The Local emulator gets its addresses when it starts; they cannot be edited.', reason('profiles.emulatorAddressesFixed'));
    }
    const previous = get(builtIn.id);
    const extraCaPem = checkCaPem(draft.extraCaPem);
    const override = {
      ...(builtIn.kind === 'remote' && draft.urls ? { urls: draft.urls } : {}),
      ...(extraCaPem ? { extraCaPem } : {}),
      ...(builtIn.kind === 'remote' ? { reviewed: true } : {}),
    };
    commit({ ...saved, builtInOverrides: { ...saved.builtInOverrides, [builtIn.id]: override } });
    return { saved: get(builtIn.id) ?? builtIn, ...(previous ? { previous } : {}) };
  };

  const saveCustom = (draft: ProfileDraft): SaveResult => {
    if (draft.kind !== 'remote') {
      throw invalid('Only the built-in Local emulator starts the emulator. To reach an emulator you run yourself, add a remote profile with its addresses.', reason('profiles.onlyBuiltInEmulator'));
    }
    if (!draft.urls) throw invalid('A remote profile needs all five addresses (login, documents, transfer, fiscal and fiscal mTLS).', reason('profiles.addressesRequired'));
    const existing = draft.id ? saved.custom.find((p) => p.id === draft.id) : undefined;
    let id = draft.id;
    if (!id) {
      const base = slug(draft.name);
      id = base;
      for (let n = 2; isBuiltInId(id) || saved.custom.some((p) => p.id === id); n += 1) id = `${base}-${n}`;
    }
    if (saved.custom.some((p) => p.id !== id && p.name.toLowerCase() === draft.name.toLowerCase()) || builtInProfiles.some((p) => p.name.toLowerCase() === draft.name.toLowerCase())) {
      throw invalid(`There is already a profile named "${draft.name}".`, reason('profiles.nameTaken', { name: draft.name }));
    }
    const extraCaPem = checkCaPem(draft.extraCaPem);
    const profile: Profile = {
      id,
      name: draft.name,
      kind: 'remote',
      environment: draft.environment,
      urls: draft.urls,
      builtIn: false,
      ...(extraCaPem ? { extraCaPem } : {}),
    };
    const custom = existing ? saved.custom.map((p) => (p.id === id ? profile : p)) : [...saved.custom, profile];
    commit({ ...saved, custom });
    return { saved: profile, ...(existing ? { previous: existing } : {}) };
  };

  return {
    state,
    get,
    active: () => get(saved.activeId) ?? (builtInProfiles[0] as Profile),
    save(draft) {
      const builtIn = draft.id ? builtInProfiles.find((p) => p.id === draft.id) : undefined;
      return builtIn ? saveBuiltIn(draft, builtIn) : saveCustom(draft);
    },
    remove(id) {
      if (isBuiltInId(id)) throw new AppError('forbidden', 'Built-in profiles cannot be deleted.', { details: because(reason('profiles.builtInNotDeletable')) });
      const profile = saved.custom.find((p) => p.id === id);
      if (!profile) throw new AppError('not_found', `There is no profile with the id "${id}".`, { details: because(reason('profiles.unknown', { id })) });
      if (saved.activeId === id) throw new AppError('conflict', 'Switch to another profile before deleting the active one.', { details: because(reason('profiles.activeNotDeletable')) });
      commit({ ...saved, custom: saved.custom.filter((p) => p.id !== id) });
      return profile;
    },
    setActive(id) {
      if (!get(id)) throw new AppError('not_found', `There is no profile with the id "${id}".`, { details: because(reason('profiles.unknown', { id })) });
      if (saved.activeId === id) return;
      commit({ ...saved, activeId: id });
    },
  };
}

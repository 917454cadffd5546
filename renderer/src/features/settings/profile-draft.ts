import type { Environment, Profile } from '../../../../shared/contract';
import { profileSchema } from '../../../../shared/contract/profiles';

export const urlFields = ['authUrl', 'documentsUrl', 'transferUrl', 'fiscalUrl', 'fiscalMtlsUrl'] as const;
export type UrlField = (typeof urlFields)[number];
export type DraftField = 'name' | 'environment' | UrlField | 'extraCaPem';

/** What the form edits: strings as typed, turned into a Profile only when valid. */
export interface ProfileDraft {
  id: string | null;
  name: string;
  kind: Profile['kind'];
  environment: Environment;
  urls: Record<UrlField, string>;
  extraCaPem: string;
  builtIn: boolean;
}

/** Why a field is wrong, as an i18n key under settings.profiles.errors. */
export type DraftErrorKey =
  | 'nameRequired'
  | 'nameTooLong'
  | 'urlRequired'
  | 'urlInvalid'
  | 'urlScheme'
  | 'pemInvalid'
  | 'pemTooLong'
  | 'invalid';

export type DraftErrors = Partial<Record<DraftField, DraftErrorKey>>;

const emptyUrls = (): Record<UrlField, string> => ({
  authUrl: '',
  documentsUrl: '',
  transferUrl: '',
  fiscalUrl: '',
  fiscalMtlsUrl: '',
});

export const newDraft = (): ProfileDraft => ({
  id: null,
  name: '',
  kind: 'remote',
  environment: 'sandbox',
  urls: emptyUrls(),
  extraCaPem: '',
  builtIn: false,
});

export const draftFromProfile = (profile: Profile): ProfileDraft => ({
  id: profile.id,
  name: profile.name,
  kind: profile.kind,
  environment: profile.environment,
  urls: { ...emptyUrls(), ...(profile.urls ?? {}) },
  extraCaPem: profile.extraCaPem ?? '',
  builtIn: profile.builtIn,
});

export const sameDraft = (a: ProfileDraft, b: ProfileDraft): boolean => JSON.stringify(a) === JSON.stringify(b);

/** A stable id for a new profile: a slug of its name, made unique among the existing ones. */
export function makeProfileId(name: string, existingIds: readonly string[]): string {
  const slug =
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 48) || 'profile';
  let id = slug;
  for (let n = 2; existingIds.includes(id); n += 1) id = `${slug}-${n}`;
  return id;
}

const pemPattern = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/;

function candidate(draft: ProfileDraft, existingIds: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: draft.id ?? makeProfileId(draft.name, existingIds),
    name: draft.name,
    kind: draft.kind,
    environment: draft.environment,
    builtIn: draft.builtIn,
  };
  // The emulator profile gets its addresses when the emulator starts.
  if (draft.kind === 'remote') out.urls = { ...draft.urls };
  if (draft.extraCaPem.trim()) out.extraCaPem = draft.extraCaPem.trim();
  return out;
}

function errorKeyFor(field: DraftField, code: string, draft: ProfileDraft): DraftErrorKey {
  if (field === 'name') return code === 'too_big' ? 'nameTooLong' : 'nameRequired';
  if (field === 'extraCaPem') return code === 'too_big' ? 'pemTooLong' : 'pemInvalid';
  if (field === 'environment') return 'invalid';
  if (!draft.urls[field].trim()) return 'urlRequired';
  return code === 'custom' ? 'urlScheme' : 'urlInvalid';
}

function fieldOfPath(path: readonly PropertyKey[]): DraftField | undefined {
  const [head, sub] = path;
  if (head === 'name' || head === 'id') return 'name';
  if (head === 'environment' || head === 'extraCaPem') return head;
  if (head === 'urls' && typeof sub === 'string' && (urlFields as readonly string[]).includes(sub)) return sub as UrlField;
  return undefined;
}

/** Checks the draft with the contract's profileSchema (plus a PEM shape check) and maps issues to fields. */
export function validateDraft(
  draft: ProfileDraft,
  existingIds: readonly string[],
): { profile: Profile; errors: DraftErrors } | { profile: null; errors: DraftErrors } {
  const errors: DraftErrors = {};
  const parsed = profileSchema.safeParse(candidate(draft, existingIds));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = fieldOfPath(issue.path);
      if (field && !errors[field]) errors[field] = errorKeyFor(field, issue.code, draft);
    }
  }
  if (draft.extraCaPem.trim() && !errors.extraCaPem && !pemPattern.test(draft.extraCaPem)) errors.extraCaPem = 'pemInvalid';
  const valid = parsed.success && Object.keys(errors).length === 0;
  return valid ? { profile: parsed.data, errors } : { profile: null, errors };
}


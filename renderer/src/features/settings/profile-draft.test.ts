import { describe, expect, it } from 'vitest';
import { draftFromProfile, makeProfileId, newDraft, validateDraft, type ProfileDraft } from './profile-draft';

const filled = (patch: Partial<ProfileDraft> = {}): ProfileDraft => ({
  ...newDraft(),
  name: 'Staging',
  urls: {
    authUrl: 'https://auth.example.com',
    documentsUrl: 'https://docs.example.com',
    transferUrl: 'https://transfer.example.com',
    fiscalUrl: 'https://fiscal.example.com',
    fiscalMtlsUrl: 'https://fiscal.example.com:444',
  },
  ...patch,
});

describe('profile drafts', () => {
  it('turns a complete draft into a profile with a fresh id', () => {
    const result = validateDraft(filled(), ['sandbox', 'staging']);
    expect(result.errors).toEqual({});
    expect(result.profile).toMatchObject({ id: 'staging-2', name: 'Staging', kind: 'remote', environment: 'sandbox', builtIn: false });
  });

  it('names the field and the reason of each problem', () => {
    const draft = filled({ name: '   ' });
    draft.urls.authUrl = '';
    draft.urls.documentsUrl = 'not a url';
    draft.urls.transferUrl = 'ftp://transfer.example.com';
    const result = validateDraft(draft, []);
    expect(result.profile).toBeNull();
    expect(result.errors).toEqual({ name: 'nameRequired', authUrl: 'urlRequired', documentsUrl: 'urlInvalid', transferUrl: 'urlScheme' });
  });

  it('checks an extra CA looks like a PEM certificate', () => {
    expect(validateDraft(filled({ extraCaPem: 'hello' }), []).errors).toEqual({ extraCaPem: 'pemInvalid' });
    const pem = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----';
    expect(validateDraft(filled({ extraCaPem: pem }), []).profile?.extraCaPem).toBe(pem);
  });

  it('keeps the emulator profile without addresses and its id when edited', () => {
    const draft = draftFromProfile({ id: 'local-emulator', name: 'Local emulator', kind: 'emulator', environment: 'sandbox', builtIn: true });
    const result = validateDraft({ ...draft, name: 'My emulator' }, ['local-emulator']);
    expect(result.profile).toEqual({ id: 'local-emulator', name: 'My emulator', kind: 'emulator', environment: 'sandbox', builtIn: true });
  });

  it('makes ids from names the contract accepts', () => {
    expect(makeProfileId('Produzione – Città', [])).toBe('produzione-citta');
    expect(makeProfileId('***', [])).toBe('profile');
  });
});

import { describe, expect, it } from 'vitest';
import { preferencesSchema } from './app';
import { changesOf } from './define';
import { uploadPreferencesSchema } from './uploads';

describe('changesOf', () => {
  it('keeps a change to one preference from resetting the others to their defaults', () => {
    expect(changesOf(preferencesSchema).parse({ language: 'it' })).toEqual({ language: 'it' });
    expect(changesOf(uploadPreferencesSchema).parse({ country: 'PL' })).toEqual({ country: 'PL' });
  });

  it('still checks the fields that are sent', () => {
    expect(changesOf(preferencesSchema).safeParse({ theme: 'sepia' }).success).toBe(false);
    expect(changesOf(uploadPreferencesSchema).safeParse({ e2eIdTemplate: '   ' }).success).toBe(false);
  });
});

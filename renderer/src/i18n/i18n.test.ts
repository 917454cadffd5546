import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { AppError, errorCodes } from '../../../shared/contract/errors';
import { en } from './en';
import { describeError } from './errors';
import { it as italian } from './it';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}

describe('translations', () => {
  const english = leaves(en);
  const italianLeaves = leaves(italian);

  it('Italian has exactly the English keys, none empty', () => {
    expect([...italianLeaves.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, value] of italianLeaves) expect(value.trim(), key).not.toBe('');
  });

  it('keeps the same interpolation variables in both languages', () => {
    const variables = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const [key, value] of english) expect(variables(italianLeaves.get(key) ?? ''), key).toEqual(variables(value));
  });

  it('has a friendly message for every error code of the contract', () => {
    for (const code of errorCodes) {
      expect(en.errors.codes[code], code).toBeTruthy();
      expect(italian.errors.codes[code], code).toBeTruthy();
    }
  });
});

describe('describeError', () => {
  const t = i18next.createInstance({ lng: 'en', resources: { en: { translation: en } }, initAsync: false, showSupportNotice: false });
  void t.init();

  it('words the code and keeps what the service said as the detail', () => {
    const text = describeError(t.t, new AppError('forbidden', 'Upload to PL not allowed for this account.'));
    expect(text).toEqual({ summary: en.errors.codes.forbidden, detail: 'Upload to PL not allowed for this account.' });
  });

  it('uses sign-in wording for a refused login', () => {
    expect(describeError(t.t, new AppError('unauthorized', 'Invalid credentials.'), 'login').summary).toBe(en.errors.login.unauthorized);
  });

  it('treats a non-AppError as internal', () => {
    expect(describeError(t.t, new Error('boom')).summary).toBe(en.errors.codes.internal);
  });
});

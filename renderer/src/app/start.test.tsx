// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Language } from '../i18n/catalogs';
import { resources } from '../i18n/all-catalogs';
import { createFakeCore } from '../test/fake-core';

/**
 * The app's start-up with a fresh i18n module whose language chunks are counted: it must paint in
 * the stored language (or the system's on a first run) and fetch no language it does not show.
 */
async function startWith(stored: Language, system: string[]) {
  const fetched: Language[] = [];
  const loader = (language: Language) => () => {
    fetched.push(language);
    return Promise.resolve(resources[language]);
  };
  vi.resetModules();
  vi.doMock('../i18n/catalogs', () => ({ catalogLoaders: { en: loader('en'), it: loader('it'), nb: loader('nb'), pl: loader('pl') } }));
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(system);
  const core = createFakeCore({ preferences: { theme: 'light', language: stored } });
  window.acube = core.acube;
  const container = document.createElement('div');
  document.body.append(container);
  const { start } = await import('./start');
  await act(() => start(container));
  return { fetched };
}

afterEach(() => {
  cleanup();
  document.body.replaceChildren();
  vi.doUnmock('../i18n/catalogs');
  vi.restoreAllMocks();
  vi.resetModules();
});

describe('start-up languages', () => {
  it('paints in the stored language, fetching the system one beside it and no other', async () => {
    const { fetched } = await startWith('it', ['pl-PL']);
    expect(await screen.findByRole('heading', { name: resources.it.session.signIn.title })).toBeTruthy();
    expect(document.documentElement.lang).toBe('it');
    expect([...fetched].sort()).toEqual(['it', 'pl']);
  });

  it('on a first run (the core answers with the system language) fetches that language only', async () => {
    const { fetched } = await startWith('nb', ['nb-NO', 'en-US']);
    expect(await screen.findByRole('heading', { name: resources.nb.session.signIn.title })).toBeTruthy();
    expect(document.documentElement.lang).toBe('nb');
    // No language it does not show. (Whether nb itself was fetched here or was already in i18next, which
    // Node keeps across test files of one worker, depends on the order files run in: the heading shows it is there.)
    expect(fetched.filter((language) => language !== 'nb')).toEqual([]);
  });
});

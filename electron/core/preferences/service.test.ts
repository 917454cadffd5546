import { describe, expect, it } from 'vitest';
import { createCoreEvents } from '../events';
import { MemorySettingsStore } from '../testing/memory-ports';
import { createPreferencesService, PREFERENCES_SETTINGS_KEY } from './service';

const silent = { debug() {}, info() {}, warn() {}, error() {} };

function service(systemLanguages: readonly string[], settings = new MemorySettingsStore()) {
  return { settings, preferences: createPreferencesService({ settings, logger: silent, events: createCoreEvents(silent), systemLanguages: () => systemLanguages }) };
}

describe('preferences: the first run speaks the system language', () => {
  it('starts in Polish on a Polish system and in Norwegian on a Norwegian one', () => {
    expect(service(['pl-PL']).preferences.get().language).toBe('pl');
    expect(service(['nb_NO.UTF-8']).preferences.get().language).toBe('nb');
  });

  it('starts in English on a system whose language the app does not speak', () => {
    expect(service(['de-DE']).preferences.get().language).toBe('en');
  });

  it('keeps the language the user chose over the system one', () => {
    const { preferences, settings } = service(['pl-PL']);
    preferences.set({ language: 'it' });
    expect(settings.get(PREFERENCES_SETTINGS_KEY)).toMatchObject({ language: 'it' });
    expect(service(['pl-PL'], settings).preferences.get().language).toBe('it');
  });
});

import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Preferences } from '../../../../shared/contract';
import { bridgeKeys, useBridgeMutation } from '../../bridge/queries';
import { ErrorAlert } from '../../components/ErrorAlert';
import { SelectField } from '../../components/Field';
import { languageNames, languages, loadLanguage } from '../../i18n';
import { usePreferences } from '../session/hooks';

const themes = ['system', 'light', 'dark'] as const satisfies readonly Preferences['theme'][];

const isTheme = (value: string): value is Preferences['theme'] => (themes as readonly string[]).includes(value);
const isLanguage = (value: string): value is Preferences['language'] => (languages as readonly string[]).includes(value);

/**
 * Only the active language's strings load at start; the others are fetched as soon as the user
 * reaches for the language list, so that the one picked applies at once.
 */
const fetchOtherLanguages = () => {
  for (const language of languages) loadLanguage(language).catch(() => undefined);
};

/** Theme and language: applied at once (optimistically), stored through `preferences.set`. */
export function AppearanceSection() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const key = bridgeKeys.call('preferences.get');
  const { data } = usePreferences();
  const update = useBridgeMutation('preferences.set', {
    onMutate: (patch) => {
      const previous = queryClient.getQueryData<Preferences>(key);
      if (previous) queryClient.setQueryData<Preferences>(key, { ...previous, ...patch });
      return { previous };
    },
    onSuccess: (stored) => queryClient.setQueryData(key, stored),
    onError: (_error, _patch, context) => {
      const previous = (context as { previous?: Preferences } | undefined)?.previous;
      if (previous) queryClient.setQueryData(key, previous);
    },
  });

  return (
    <div className="appearance">
      <div className="form-grid">
        <SelectField
          label={t('settings.appearance.theme')}
          value={data?.theme ?? 'system'}
          onChange={(event) => isTheme(event.target.value) && update.mutate({ theme: event.target.value })}
        >
          {themes.map((theme) => (
            <option key={theme} value={theme}>
              {t(`settings.appearance.themes.${theme}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('settings.appearance.language')}
          value={data?.language ?? 'en'}
          onFocus={fetchOtherLanguages}
          onPointerEnter={fetchOtherLanguages}
          onChange={(event) => isLanguage(event.target.value) && update.mutate({ language: event.target.value })}
        >
          {languages.map((language) => (
            <option key={language} value={language} lang={language}>
              {languageNames[language]}
            </option>
          ))}
        </SelectField>
      </div>
      {update.isError ? <ErrorAlert error={update.error} /> : null}
    </div>
  );
}

import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { EmulatorStatus, Profile } from '../../../../shared/contract';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { EnvironmentBadge, environmentKindOf } from '../../components/EnvironmentBadge';
import { ErrorAlert } from '../../components/ErrorAlert';
import { SelectField, TextAreaField, TextField } from '../../components/Field';
import {
  sameDraft,
  urlFields,
  validateDraft,
  type DraftField,
  type ProfileDraft,
  type UrlField,
} from './profile-draft';

interface ProfileFormProps {
  initial: ProfileDraft;
  existingIds: string[];
  isActive: boolean;
  emulator: EmulatorStatus | undefined;
  saving: boolean;
  saveError: unknown;
  activating: boolean;
  deleting: boolean;
  onSave: (profile: Profile) => void;
  onActivate: () => void;
  onDelete: () => void;
}

const urlLabelKey = {
  authUrl: 'settings.profiles.fields.authUrl',
  documentsUrl: 'settings.profiles.fields.documentsUrl',
  transferUrl: 'settings.profiles.fields.transferUrl',
  fiscalUrl: 'settings.profiles.fields.fiscalUrl',
  fiscalMtlsUrl: 'settings.profiles.fields.fiscalMtlsUrl',
} as const satisfies Record<UrlField, string>;

/** Edits one profile; errors from profileSchema show per field as soon as the field is touched. */
export function ProfileForm(props: ProfileFormProps) {
  const { initial, existingIds, isActive, emulator, saving, saveError, activating, deleting } = props;
  const { t } = useTranslation();
  const [draft, setDraft] = useState(initial);
  const [touched, setTouched] = useState<Set<DraftField>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);

  const isNew = draft.id === null;
  const isEmulator = draft.kind === 'emulator';
  const dirty = !sameDraft(draft, initial);
  const { profile, errors } = validateDraft(draft, existingIds);
  const errorFor = (field: DraftField): string | undefined => {
    const key = errors[field];
    return key && (submitted || touched.has(field)) ? t(`settings.profiles.errors.${key}`) : undefined;
  };

  const edit = (field: DraftField, patch: Partial<ProfileDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setTouched((current) => (current.has(field) ? current : new Set(current).add(field)));
  };
  const editUrl = (field: UrlField, value: string) =>
    edit(field, { urls: { ...draft.urls, [field]: value } });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (profile) props.onSave(profile);
  };

  const kind = environmentKindOf(draft);
  const emulatorUrls = emulator?.urls;

  return (
    <form className="profile-form" onSubmit={submit} noValidate aria-labelledby="profile-form-title">
      <div className="profile-form__head">
        <h3 id="profile-form-title" className="profile-form__title">
          {isNew ? t('settings.profiles.newTitle') : initial.name}
        </h3>
        <EnvironmentBadge kind={kind} size="sm" />
        {dirty ? <span className="chip chip--warning">{t('settings.profiles.unsaved')}</span> : null}
      </div>

      {draft.environment === 'production' && !isEmulator ? (
        <Alert tone="warning" live={false} title={t('settings.profiles.productionFlag')} />
      ) : null}

      <div className="form-grid">
        <TextField
          label={t('settings.profiles.fields.name')}
          value={draft.name}
          maxLength={200}
          onChange={(event) => edit('name', { name: event.target.value })}
          onBlur={() => setTouched((current) => new Set(current).add('name'))}
          error={errorFor('name')}
        />
        <SelectField
          label={t('settings.profiles.fields.environment')}
          value={draft.environment}
          onChange={(event) => edit('environment', { environment: event.target.value === 'production' ? 'production' : 'sandbox' })}
          error={errorFor('environment')}
        >
          <option value="sandbox">{t('settings.profiles.environments.sandbox')}</option>
          <option value="production">{t('settings.profiles.environments.production')}</option>
        </SelectField>
      </div>

      <fieldset className="fieldset">
        <legend className="fieldset__legend">{t('settings.profiles.fields.urlsTitle')}</legend>
        {isEmulator ? (
          <p className="field__hint fieldset__hint">
            {t(emulatorUrls ? 'settings.profiles.emulatorUrls' : 'settings.profiles.emulatorNotRunning')}
          </p>
        ) : null}
        <div className="form-rows">
          {urlFields.map((field) => (
            <TextField
              key={field}
              label={t(urlLabelKey[field])}
              type="url"
              inputMode="url"
              spellCheck={false}
              className="mono"
              placeholder={isEmulator ? undefined : 'https://'}
              readOnly={isEmulator}
              value={isEmulator ? (emulatorUrls?.[field] ?? '') : draft.urls[field]}
              onChange={(event) => editUrl(field, event.target.value)}
              onBlur={() => setTouched((current) => new Set(current).add(field))}
              error={isEmulator ? undefined : errorFor(field)}
            />
          ))}
        </div>
      </fieldset>

      <TextAreaField
        label={t('settings.profiles.fields.extraCa')}
        hint={t('settings.profiles.fields.extraCaHint')}
        className="mono"
        rows={4}
        spellCheck={false}
        placeholder="-----BEGIN CERTIFICATE-----"
        value={draft.extraCaPem}
        onChange={(event) => edit('extraCaPem', { extraCaPem: event.target.value })}
        onBlur={() => setTouched((current) => new Set(current).add('extraCaPem'))}
        error={errorFor('extraCaPem')}
      />

      {submitted && !profile ? <Alert tone="error" title={t('settings.profiles.errors.fixFields')} /> : null}
      {saveError ? <ErrorAlert error={saveError} /> : null}

      <div className="profile-form__actions">
        <Button type="submit" variant="primary" pending={saving} icon="check">
          {t('settings.profiles.save')}
        </Button>
        {isNew ? null : (
          <Button onClick={props.onActivate} disabled={isActive || dirty} pending={activating}>
            {t('settings.profiles.use')}
          </Button>
        )}
        <span className="spacer" />
        {isNew ? null : (
          <Button
            variant="danger"
            icon="trash"
            disabled={draft.builtIn}
            pending={deleting}
            aria-describedby={draft.builtIn ? 'profile-delete-hint' : undefined}
            onClick={props.onDelete}
          >
            {t('settings.profiles.delete')}
          </Button>
        )}
      </div>
      {!isNew && draft.builtIn ? (
        <p className="field__hint profile-form__footnote" id="profile-delete-hint">
          {t('settings.profiles.builtInNoDelete')}
        </p>
      ) : null}
    </form>
  );
}

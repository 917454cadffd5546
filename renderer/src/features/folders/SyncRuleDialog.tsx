import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { DestinationFolder, DocumentType, SyncRule } from '../../../../shared/contract';
import { templateProblem } from '../../../../shared/documents/file-name-template';
import { useBridgeMutation, useBridgeQuery } from '../../bridge/queries';
import { Button } from '../../components/Button';
import { ErrorAlert } from '../../components/ErrorAlert';
import { Checkbox, SelectField, TextField } from '../../components/Field';
import { Modal } from '../../components/Modal';
import { typeKey } from '../documents/model/document-types';
import { FolderField } from './FolderField';

const TYPES: DocumentType[] = ['invoice', 'credit-note', 'order', 'order-response', 'despatch-advice'];

/** Creates or edits a sync rule; the core checks the folder (there, writable, not another rule's). */
export function SyncRuleDialog({ rule, onClose }: { rule?: SyncRule; onClose(): void }) {
  const { t } = useTranslation();
  const profiles = useBridgeQuery('profiles.list');
  const save = useBridgeMutation('sync.save', { onSuccess: onClose });
  const [name, setName] = useState(rule?.name ?? '');
  const [profileId, setProfileId] = useState(rule?.profileId ?? '');
  const [types, setTypes] = useState<DocumentType[]>(rule?.types ?? ['invoice']);
  const [direction, setDirection] = useState<SyncRule['direction']>(rule?.direction ?? 'incoming');
  const [senderName, setSenderName] = useState(rule?.filters.senderName ?? '');
  const [folder, setFolder] = useState<DestinationFolder | null>(null);
  const [template, setTemplate] = useState(rule?.template ?? '{date}_{number}_{sender}');
  const [writePdf, setWritePdf] = useState(rule?.writePdf ?? false);
  const [writeMetadata, setWriteMetadata] = useState(rule?.writeMetadata ?? false);
  const [markDownloaded, setMarkDownloaded] = useState(rule?.markDownloaded ?? false);
  const [interval, setInterval] = useState(String(rule?.intervalMinutes ?? 5));
  const [errors, setErrors] = useState<{ name?: string; types?: string; folder?: string }>({});
  const chosenProfile = profileId || profiles.data?.activeId || '';
  const problem = templateProblem(template);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = {
      ...(name.trim() === '' ? { name: t('folders.sync.dialog.nameRequired') } : {}),
      ...(types.length === 0 ? { types: t('folders.sync.dialog.typesRequired') } : {}),
      ...(!rule && !folder ? { folder: t('folders.folderField.required') } : {}),
    };
    setErrors(found);
    if (Object.keys(found).length > 0 || problem) return;
    save.mutate({
      ...(rule ? { id: rule.id } : {}),
      name: name.trim(),
      profileId: chosenProfile,
      types,
      direction,
      filters: senderName.trim() ? { senderName: senderName.trim() } : {},
      ...(folder ? { folder } : {}),
      template: template.trim(),
      writePdf,
      writeMetadata,
      markDownloaded,
      intervalMinutes: Math.min(1440, Math.max(1, Number.parseInt(interval, 10) || 5)),
      paused: rule?.paused ?? false,
    });
  };

  return (
    <Modal title={rule ? t('folders.sync.dialog.editTitle') : t('folders.sync.dialog.newTitle')} onEscape={onClose} size="md">
      <form className="folders-form" onSubmit={submit} noValidate>
        <TextField label={t('folders.sync.dialog.name')} placeholder={t('folders.sync.dialog.namePlaceholder')} value={name} error={errors.name} onChange={(event) => setName(event.target.value)} />
        <SelectField label={t('folders.sync.dialog.profile')} value={chosenProfile} onChange={(event) => setProfileId(event.target.value)}>
          {(profiles.data?.profiles ?? []).map((profile) => (
            <option key={profile.id} value={profile.id}>
              {profile.name}
            </option>
          ))}
        </SelectField>
        <fieldset className="folders-form__group">
          <legend className="field__label">{t('folders.sync.dialog.types')}</legend>
          <div className="folders-form__checks">
            {TYPES.map((type) => (
              <Checkbox
                key={type}
                label={t(`documents.types.${typeKey[type]}.tab`)}
                checked={types.includes(type)}
                onChange={(event) => setTypes((current) => (event.target.checked ? [...current, type] : current.filter((candidate) => candidate !== type)))}
              />
            ))}
          </div>
          {errors.types ? <p className="field__error">{errors.types}</p> : null}
        </fieldset>
        <SelectField label={t('folders.sync.dialog.direction')} value={direction} onChange={(event) => setDirection(event.target.value as SyncRule['direction'])}>
          <option value="incoming">{t('folders.sync.dialog.directions.incoming')}</option>
          <option value="outgoing">{t('folders.sync.dialog.directions.outgoing')}</option>
          <option value="both">{t('folders.sync.dialog.directions.both')}</option>
        </SelectField>
        <TextField label={t('folders.sync.dialog.senderName')} value={senderName} onChange={(event) => setSenderName(event.target.value)} />
        <FolderField label={t('folders.sync.dialog.folder')} current={rule?.folder} error={errors.folder} onChange={setFolder} />
        <TextField
          label={t('folders.sync.dialog.template')}
          hint={t('folders.sync.dialog.templateHint')}
          className="mono"
          spellCheck={false}
          value={template}
          error={problem ? (problem.kind === 'unknown' ? t('documents.bulk.template.unknown', { name: `{${problem.name}}` }) : t(`documents.bulk.template.${problem.kind}`)) : undefined}
          onChange={(event) => setTemplate(event.target.value)}
        />
        <fieldset className="folders-form__group">
          <legend className="field__label">{t('folders.sync.dialog.what')}</legend>
          <p className="field__hint">{t('folders.sync.dialog.source')}</p>
          <Checkbox label={t('folders.sync.dialog.pdf')} checked={writePdf} onChange={(event) => setWritePdf(event.target.checked)} />
          <Checkbox label={t('folders.sync.dialog.metadata')} checked={writeMetadata} onChange={(event) => setWriteMetadata(event.target.checked)} />
          <Checkbox label={t('folders.sync.dialog.markDownloaded')} checked={markDownloaded} onChange={(event) => setMarkDownloaded(event.target.checked)} />
        </fieldset>
        <TextField label={t('folders.sync.dialog.interval')} type="number" min={1} max={1440} value={interval} onChange={(event) => setInterval(event.target.value)} fieldClassName="folders-form__narrow" />
        {save.isError ? <ErrorAlert error={save.error} title={t('folders.sync.dialog.saveFailed')} /> : null}
        <div className="modal__actions">
          <Button variant="ghost" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button variant="primary" type="submit" pending={save.isPending}>
            {t('folders.sync.dialog.save')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentFilters, DocumentPage, DocumentRecord, DocumentType } from '../../../../../shared/contract/documents';
import type { DestinationFolder, GrantedFile } from '../../../../../shared/contract/files';
import { bridge } from '../../../bridge';
import { useBridgeMutation, useBridgeQuery } from '../../../bridge/queries';
import { Button } from '../../../components/Button';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { Checkbox, TextField } from '../../../components/Field';
import { Modal } from '../../../components/Modal';
import { DocIcon } from '../DocIcon';
import { listKey, loadedRecords } from '../inbox/list-cache';
import { isSendable, typeKey } from '../model/document-types';
import { defaultTemplate, templatePlaceholders, templateProblem, type TemplateProblem } from '../../../../../shared/documents/file-name-template';
import { previewFileName } from '../model/file-name-preview';
import { formatCount } from '../model/format';
import { useInboxUi } from '../model/inbox-ui-store';
import { markSeen } from './bulk-ui-store';
import { jobsKey } from './useBulkJobs';

interface BulkDownloadDialogProps {
  type: DocumentType;
  filters: DocumentFilters;
  onClose(): void;
}

const TEMPLATE_KEY = 'ledgerdesk.documents.fileNameTemplate';

function rememberedTemplate(): string {
  try {
    return localStorage.getItem(TEMPLATE_KEY) || defaultTemplate;
  } catch {
    return defaultTemplate;
  }
}

/**
 * Sets up a bulk download: which documents (the selection or everything the filter matches), the
 * folder, the file names, PDFs. The download itself runs in the core and shows in the Downloads panel,
 * so the user can keep browsing.
 */
export function BulkDownloadDialog({ type, filters, onClose }: BulkDownloadDialogProps) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const formId = useId();
  const folderRef = useRef<HTMLInputElement>(null);
  const selected = useInboxUi((state) => state.selected);
  const total = queryClient.getQueryData<DocumentPage>(listKey(type, filters, 1))?.totalItems ?? 0;
  const [scope, setScope] = useState<'selected' | 'filter'>(selected.size > 0 ? 'selected' : 'filter');
  /** A folder chosen with the host's dialog (`nativeDialogs`): a handle granted for writing. */
  const [chosen, setChosen] = useState<GrantedFile | null>(null);
  /** A path typed by the user (only where the host has no dialog: the browser shell). */
  const [typed, setTyped] = useState<string | null>(null);
  const [template, setTemplate] = useState(rememberedTemplate);
  const [includePdf, setIncludePdf] = useState(false);
  const [markDownloaded, setMarkDownloaded] = useState(true);
  const [folderError, setFolderError] = useState<string | undefined>();
  const [browseUnsupported, setBrowseUnsupported] = useState(false);
  const defaultFolder = useBridgeQuery('dialogs.defaultDownloadFolder', undefined, { staleTime: Infinity });
  const appInfo = useBridgeQuery('app.info', undefined, { staleTime: Infinity });
  const start = useBridgeMutation('documents.bulkDownload');
  const browse = useBridgeMutation('dialogs.chooseFolder');

  const granted = chosen ?? defaultFolder.data?.folder ?? null;
  const folderValue = typed ?? granted?.label ?? '';
  const destination = (): DestinationFolder | null => {
    if (typed !== null && typed.trim() !== granted?.label) return typed.trim() === '' ? null : { kind: 'typed', path: typed.trim() };
    return granted ? { kind: 'handle', handle: granted.handle } : null;
  };
  const sendable = isSendable(type);
  const problem = templateProblem(template);
  const count = scope === 'selected' ? selected.size : total;
  const many = t(`documents.types.${typeKey[type]}.many`);

  const example: DocumentRecord | undefined =
    scope === 'selected'
      ? loadedRecords(queryClient, type, filters).find((record) => selected.has(record.uuid))
      : queryClient.getQueryData<DocumentPage>(listKey(type, filters, 1))?.items[0];
  const preview = example ? previewFileName(template, example) : null;

  const problemText = (value: TemplateProblem): string =>
    value.kind === 'unknown' ? t('documents.bulk.template.unknown', { name: `{${value.name}}` }) : t(`documents.bulk.template.${value.kind}`);

  const chooseFolder = () => {
    browse.mutate(
      { title: t('documents.bulk.chooseFolderTitle'), purpose: 'save' },
      {
        onSuccess: (result) => {
          if (!result.supported) {
            setBrowseUnsupported(true);
            folderRef.current?.focus();
          } else if (result.folder) {
            setChosen(result.folder);
            setTyped(null);
            setFolderError(undefined);
          }
        },
      },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const folder = destination();
    if (folder === null) {
      setFolderError(t('documents.bulk.folderRequired'));
      folderRef.current?.focus();
      return;
    }
    if (problem || count === 0) return;
    try {
      localStorage.setItem(TEMPLATE_KEY, template.trim());
    } catch {
      // Not remembered: the default comes back next time.
    }
    start.mutate(
      {
        type,
        selection: scope === 'selected' ? { kind: 'uuids', uuids: [...selected] } : { kind: 'filter', filters },
        folder,
        template: template.trim(),
        includePdf: sendable && includePdf,
        markDownloaded: sendable && markDownloaded,
      },
      {
        onSuccess: ({ jobId }) => {
          markSeen(jobId);
          void queryClient.invalidateQueries({ queryKey: jobsKey });
          // The panel shows the job before its first progress event arrives.
          void bridge.invoke('documents.bulkDownloadJobs').then((jobs) => queryClient.setQueryData(jobsKey, jobs));
          onClose();
        },
      },
    );
  };

  const showBrowse = !browseUnsupported && appInfo.data?.nativeDialogs === true;

  return (
    <Modal title={t('documents.bulk.title')} onEscape={onClose} size="md" initialFocus={folderRef}>
      <form id={formId} className="bulk-form" onSubmit={submit} noValidate>
        <fieldset className="bulk-form__scope">
          <legend className="field__label">{t('documents.bulk.scope')}</legend>
          <label className="radio">
            <input type="radio" name="scope" value="selected" checked={scope === 'selected'} disabled={selected.size === 0} onChange={() => setScope('selected')} />
            <span>{t('documents.bulk.scopeSelected', { count: selected.size, formatted: formatCount(i18n.language, selected.size) })}</span>
          </label>
          <label className="radio">
            <input type="radio" name="scope" value="filter" checked={scope === 'filter'} onChange={() => setScope('filter')} />
            <span>{t('documents.bulk.scopeFilter', { count: total, formatted: formatCount(i18n.language, total), types: many })}</span>
          </label>
        </fieldset>

        <div className="bulk-form__folder">
          <TextField
            ref={folderRef}
            label={t('documents.bulk.folder')}
            value={folderValue}
            error={folderError}
            hint={showBrowse ? undefined : t('documents.bulk.folderHint')}
            spellCheck={false}
            className="mono"
            readOnly={showBrowse}
            onChange={(event) => {
              setTyped(event.target.value);
              setFolderError(undefined);
            }}
          />
          {showBrowse ? (
            <Button onClick={chooseFolder} pending={browse.isPending}>
              <DocIcon name="folder" />
              {t('documents.bulk.browse')}
            </Button>
          ) : null}
        </div>

        <div className="bulk-form__template">
          <TextField
            label={t('documents.bulk.template.label')}
            value={template}
            spellCheck={false}
            className="mono"
            error={problem ? problemText(problem) : undefined}
            onChange={(event) => setTemplate(event.target.value)}
          />
          <div className="placeholder-chips" role="group" aria-label={t('documents.bulk.template.placeholders')}>
            {templatePlaceholders.map((name) => (
              <button
                key={name}
                type="button"
                className="placeholder-chip"
                aria-label={t('documents.bulk.template.insert', { name: `{${name}}` })}
                onClick={() => setTemplate((current) => `${current}${current && !/[_\- ]$/.test(current) ? '_' : ''}{${name}}`)}
              >
                {`{${name}}`}
              </button>
            ))}
          </div>
          <p className="bulk-form__preview" aria-live="polite">
            {preview ? (
              <>
                {t('documents.bulk.template.preview')} <span className="mono">{preview}</span>
              </>
            ) : !example ? (
              t('documents.bulk.template.noExample')
            ) : null}
          </p>
        </div>

        {sendable ? (
          <div className="bulk-form__options">
            <Checkbox label={t('documents.bulk.includePdf')} hint={t('documents.bulk.includePdfHint')} checked={includePdf} onChange={(event) => setIncludePdf(event.target.checked)} />
            <Checkbox label={t('documents.bulk.markDownloaded')} hint={t('documents.bulk.markDownloadedHint')} checked={markDownloaded} onChange={(event) => setMarkDownloaded(event.target.checked)} />
          </div>
        ) : null}

        {start.isError ? <ErrorAlert error={start.error} title={t('documents.bulk.startFailed')} /> : null}
        {browse.isError ? <ErrorAlert error={browse.error} /> : null}

        <div className="modal__actions">
          <Button variant="ghost" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button variant="primary" type="submit" pending={start.isPending} disabled={count === 0 || problem !== null}>
            <DocIcon name="download" />
            {t('documents.bulk.start')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

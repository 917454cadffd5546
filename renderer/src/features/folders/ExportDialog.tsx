import './folders.css';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DestinationFolder, DocumentFilters, DocumentType, ExportProgress, PeriodPackResult } from '../../../../shared/contract';
import { bridge } from '../../bridge';
import { useBridgeMutation, useBridgeQuery } from '../../bridge/queries';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { ErrorAlert } from '../../components/ErrorAlert';
import { Checkbox } from '../../components/Field';
import { Modal } from '../../components/Modal';
import { saveFilePayload } from '../uploads/list/download';
import { FolderField } from './FolderField';
import { formatBytes } from './format';

interface ExportDialogProps {
  type: DocumentType;
  filters: DocumentFilters;
  selected: ReadonlySet<string>;
  onClose(): void;
}

/** Exports what the inbox shows: a period pack ZIP (selection or filter) or a CSV of the listing. */
export function ExportDialog({ type, filters, selected, onClose }: ExportDialogProps) {
  const { t } = useTranslation();
  const defaultFolder = useBridgeQuery('dialogs.defaultDownloadFolder', undefined, { staleTime: Infinity });
  const [folder, setFolder] = useState<DestinationFolder | null>(null);
  const [folderError, setFolderError] = useState<string | undefined>();
  const [includePdf, setIncludePdf] = useState(true);
  const [exportId, setExportId] = useState<string | null>(null);
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const [result, setResult] = useState<PeriodPackResult | null>(null);
  const pack = useBridgeMutation('exports.periodPack', {
    onSuccess: (value) => setResult(value),
    onSettled: () => setExportId(null),
  });
  const cancel = useBridgeMutation('exports.cancel');
  const csv = useBridgeMutation('exports.csv', { onSuccess: (payload) => saveFilePayload(payload) });
  const useSelection = selected.size > 0;

  useEffect(() => bridge.on('exports.progress', (update) => setProgress((current) => (update.exportId === exportId || current?.exportId === update.exportId ? update : current))), [exportId]);

  const destination = folder ?? (defaultFolder.data ? { kind: 'handle' as const, handle: defaultFolder.data.folder.handle } : null);
  const start = () => {
    if (!destination) {
      setFolderError(t('folders.folderField.required'));
      return;
    }
    const id = crypto.randomUUID();
    setExportId(id);
    setProgress(null);
    setResult(null);
    pack.mutate({
      exportId: id,
      type,
      selection: useSelection ? { kind: 'uuids', uuids: [...selected] } : { kind: 'filter', filters },
      folder: destination,
      includePdf,
    });
  };

  return (
    <Modal title={t('folders.exports.title')} onEscape={pack.isPending ? undefined : onClose} size="md">
      <div className="folders-form">
        <section className="export-choice" aria-labelledby="export-pack">
          <h3 id="export-pack">{t('folders.exports.packTitle')}</h3>
          <p>{t('folders.exports.packDescription')}</p>
          <p>
            <strong>{useSelection ? t('folders.exports.scopeSelected', { count: selected.size }) : t('folders.exports.scopeFilter')}</strong>
          </p>
          <FolderField label={t('folders.exports.folder')} {...(defaultFolder.data ? { current: defaultFolder.data.folder.label } : {})} error={folderError} onChange={(value) => {
            setFolder(value);
            setFolderError(undefined);
          }} />
          <Checkbox label={t('folders.exports.includePdf')} checked={includePdf} onChange={(event) => setIncludePdf(event.target.checked)} />
          {pack.isPending && progress ? (
            <p role="status">
              {progress.state === 'listing' ? t('folders.exports.listing', { done: progress.done }) : t('folders.exports.packing', { done: progress.done, total: progress.total })}
            </p>
          ) : null}
          {result ? (
            <Alert tone={result.failed.length > 0 ? 'warning' : 'success'} live title={t('folders.exports.done', { fileName: result.fileName, count: result.documents, size: formatBytes(result.bytes) })}>
              {result.failed.length > 0 ? t('folders.exports.someFailed', { count: result.failed.length }) : null}
            </Alert>
          ) : null}
          {pack.isError ? <ErrorAlert error={pack.error} title={t('folders.exports.failed')} /> : null}
          <div className="sync-rule__actions">
            <Button variant="primary" onClick={start} pending={pack.isPending}>
              {t('folders.exports.create')}
            </Button>
            {pack.isPending && exportId ? (
              <Button variant="ghost" onClick={() => cancel.mutate({ exportId })}>
                {t('folders.exports.cancel')}
              </Button>
            ) : null}
          </div>
        </section>
        <section className="export-choice" aria-labelledby="export-csv">
          <h3 id="export-csv">{t('folders.exports.csvTitle')}</h3>
          <p>{t('folders.exports.csvDescription')}</p>
          {csv.data ? <Alert tone="success" live>{t('folders.exports.csvDone', { count: csv.data.rows })}</Alert> : null}
          {csv.isError ? <ErrorAlert error={csv.error} title={t('folders.exports.csvFailed')} /> : null}
          <div className="sync-rule__actions">
            <Button onClick={() => csv.mutate({ kind: 'documents', type, filters })} pending={csv.isPending}>
              {t('folders.exports.csv')}
            </Button>
          </div>
        </section>
        <div className="modal__actions">
          <Button variant="ghost" onClick={onClose} disabled={pack.isPending}>
            {t('common.close')}
          </Button>
        </div>
      </div>
    </Modal>
  );
}

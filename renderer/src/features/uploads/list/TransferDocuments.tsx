import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TransferDocument, UploadEntry } from '../../../../../shared/contract';
import { bridge } from '../../../bridge';
import { useBridgeQuery } from '../../../bridge/queries';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { Spinner } from '../../../components/Spinner';
import { showToast } from '../../../components/toast-store';
import { describeError } from '../../../i18n/errors';
import { FeatureIcon } from '../FeatureIcon';
import { formatWhen, serverStatusLabel } from '../format';
import { saveFilePayload } from './download';

const ViewerDialog = lazy(() => import('../../viewer/ViewerDialog').then((module) => ({ default: module.ViewerDialog })));

/** Opens the delivered document in the viewer, with its KSeF number / SDI id. */
function ViewButton({ document: doc }: { document: TransferDocument }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const load = async () => {
    const file = await bridge.invoke('transferDocuments.download', { id: doc.id });
    return { name: file.fileName || doc.file_name, base64: file.base64, destinationId: doc.destination_id ?? undefined };
  };
  return (
    <>
      <button type="button" className="btn btn--ghost btn--sm" aria-label={t('viewer.actions.viewNamed', { name: doc.file_name })} onClick={() => setOpen(true)}>
        {t('viewer.actions.view')}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <ViewerDialog title={doc.file_name} fileKey={['transfer', doc.id, doc.destination_id]} load={load} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

function DownloadButton({ document: doc }: { document: TransferDocument }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      saveFilePayload(await bridge.invoke('transferDocuments.download', { id: doc.id }));
    } catch (error) {
      const { summary, detail } = describeError(t, error);
      showToast({ tone: 'error', title: (t) => t('uploads.documents.downloadFailed'), body: detail ? `${summary} ${detail}` : summary });
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="btn btn--secondary btn--sm" aria-label={t('uploads.documents.downloadLabel', { name: doc.file_name })} aria-busy={busy || undefined} disabled={busy} onClick={() => void download()}>
      {busy ? <Spinner /> : <FeatureIcon name="download" />}
      {t('uploads.documents.download')}
    </button>
  );
}

/** The documents the service created from an upload, with their ids in the destination country. */
export function TransferDocuments({ entry }: { entry: UploadEntry }) {
  const { t, i18n } = useTranslation();
  const uploadId = entry.uploadId ?? '';
  const documents = useBridgeQuery('transferDocuments.list', { uploadId }, { enabled: uploadId !== '', staleTime: Infinity });
  const { refetch } = documents;

  // Documents appear and get their destination ids as the upload moves on: read them again then.
  useEffect(() => {
    if (uploadId !== '') void refetch();
  }, [uploadId, entry.serverStatus, entry.state, refetch]);

  if (uploadId === '') return null;
  const destinationLabel = entry.country === 'IT' ? t('uploads.documents.destinationIdIT') : t('uploads.documents.destinationIdPL');
  return (
    <section className="upload-docs" aria-label={t('uploads.documents.title')}>
      <h3 className="upload-details__heading">{t('uploads.documents.title')}</h3>
      {documents.isPending ? (
        <p className="upload-docs__empty">
          <Spinner /> {t('uploads.documents.loading')}
        </p>
      ) : documents.isError ? (
        <ErrorAlert error={documents.error} title={t('uploads.documents.loadFailed')} />
      ) : documents.data.length === 0 ? (
        <p className="upload-docs__empty">{entry.state === 'failed' ? t('uploads.documents.noneFailed') : t('uploads.documents.none')}</p>
      ) : (
        <table className="upload-docs__table">
          <thead>
            <tr>
              <th scope="col">{t('uploads.documents.fileName')}</th>
              <th scope="col">{`${t('uploads.documents.destinationId')} (${destinationLabel})`}</th>
              <th scope="col">{t('uploads.documents.status')}</th>
              <th scope="col">{t('uploads.lookup.created')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('uploads.documents.download')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {documents.data.map((doc) => (
              <tr key={doc.id}>
                <td className="upload-docs__file">{doc.file_name}</td>
                <td>{doc.destination_id ? <span className="mono">{doc.destination_id}</span> : <span className="muted">{t('uploads.documents.notAssigned')}</span>}</td>
                <td>{serverStatusLabel(t, doc.status)}</td>
                <td>
                  <time dateTime={doc.created_at}>{formatWhen(doc.created_at, i18n.language)}</time>
                </td>
                <td className="upload-docs__action">
                  <ViewButton document={doc} />
                  <DownloadButton document={doc} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

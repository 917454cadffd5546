import { lazy, Suspense, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/Spinner';

/*
 * What the inbox shows only on demand (a document's pane, which brings the viewer and pdf.js's
 * wrapper; the send, bulk-download and export dialogs) is fetched when first shown, so the first
 * rows wait for none of it (issue 27).
 */
const LazyDetailPane = lazy(() => import('./detail/DetailPane').then((module) => ({ default: module.DetailPane })));
const LazySendDocumentDialog = lazy(() => import('./send/SendDocumentDialog').then((module) => ({ default: module.SendDocumentDialog })));
const LazyBulkDownloadDialog = lazy(() => import('./bulk/BulkDownloadDialog').then((module) => ({ default: module.BulkDownloadDialog })));
const LazyExportDialog = lazy(() => import('../folders/ExportDialog').then((module) => ({ default: module.ExportDialog })));

function Loading() {
  const { t } = useTranslation();
  return (
    <>
      <Spinner size="md" />
      <span className="visually-hidden">{t('app.loading')}</span>
    </>
  );
}

/** The pane's own box while its code loads, so the table beside it does not move twice. */
function PaneLoading() {
  return (
    <section className="doc-pane doc-pane--loading" role="status">
      <Loading />
    </section>
  );
}

/** The dialog's backdrop while its code loads: the click is answered at once. */
function DialogLoading() {
  return (
    <div className="modal-backdrop modal-backdrop--loading" role="status">
      <Loading />
    </div>
  );
}

export function DetailPane(props: ComponentProps<typeof LazyDetailPane>) {
  return (
    <Suspense fallback={<PaneLoading />}>
      <LazyDetailPane {...props} />
    </Suspense>
  );
}

export function SendDocumentDialog(props: ComponentProps<typeof LazySendDocumentDialog>) {
  return (
    <Suspense fallback={<DialogLoading />}>
      <LazySendDocumentDialog {...props} />
    </Suspense>
  );
}

export function BulkDownloadDialog(props: ComponentProps<typeof LazyBulkDownloadDialog>) {
  return (
    <Suspense fallback={<DialogLoading />}>
      <LazyBulkDownloadDialog {...props} />
    </Suspense>
  );
}

export function ExportDialog(props: ComponentProps<typeof LazyExportDialog>) {
  return (
    <Suspense fallback={<DialogLoading />}>
      <LazyExportDialog {...props} />
    </Suspense>
  );
}

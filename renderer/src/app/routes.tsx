import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Route, Routes, useLocation } from 'react-router';
import { Button } from '../components/Button';
import { EmptyState } from '../components/EmptyState';
import { ErrorAlert } from '../components/ErrorAlert';
import { Spinner } from '../components/Spinner';
import { ErrorBoundary } from './ErrorBoundary';
import { loadDocumentsPage } from './page-chunks';

// Each page is its own chunk: features added later do not grow the first screen's JS.
const DocumentsPage = lazy(loadDocumentsPage);
const UploadsPage = lazy(() => import('../features/uploads/UploadsPage'));
const FiscalPage = lazy(() => import('../features/fiscal/FiscalPage'));
const SettingsPage = lazy(() => import('../features/settings/SettingsPage'));
const OpenFilePage = lazy(() => import('../features/viewer/OpenFilePage'));
const FoldersPage = lazy(() => import('../features/folders/FoldersPage'));
const ActivityPage = lazy(() => import('../features/folders/ActivityPage'));

function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="page-loading" role="status">
      <Spinner size="md" />
      <span className="visually-hidden">{t('app.loading')}</span>
    </div>
  );
}

function PageFailed({ error, reset }: { error: unknown; reset: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="page page--centered">
      <ErrorAlert
        error={error}
        title={t('pages.loadFailed')}
        actions={
          <Button size="sm" icon="refresh" onClick={reset}>
            {t('common.retry')}
          </Button>
        }
      />
    </div>
  );
}

function NotFound() {
  const { t } = useTranslation();
  return (
    <div className="page page--centered">
      <EmptyState
        icon="info"
        title={t('pages.notFound.title')}
        actions={
          <Link className="btn btn--secondary btn--md" to="/documents">
            {t('pages.notFound.back')}
          </Link>
        }
      >
        <p>{t('pages.notFound.body')}</p>
      </EmptyState>
    </div>
  );
}

export function AppRoutes() {
  const location = useLocation();
  return (
    // Keyed by path so a page that failed does not keep the error when the user navigates away.
    <ErrorBoundary key={location.pathname.split('/')[1]} fallback={(error, reset) => <PageFailed error={error} reset={reset} />}>
      <Suspense fallback={<PageLoading />}>
        <Routes>
          <Route index element={<Navigate to="/documents" replace />} />
          <Route path="documents/*" element={<DocumentsPage />} />
          <Route path="uploads/*" element={<UploadsPage />} />
          <Route path="fiscal/*" element={<FiscalPage />} />
          <Route path="folders/*" element={<FoldersPage />} />
          <Route path="activity/*" element={<ActivityPage />} />
          <Route path="settings/*" element={<SettingsPage />} />
          <Route path="open" element={<OpenFilePage />} />
          <Route path="validate" element={<OpenFilePage key="validate" purpose="validate" />} />
          <Route path="*" element={<NotFound />} />
        </Routes>
      </Suspense>
    </ErrorBoundary>
  );
}

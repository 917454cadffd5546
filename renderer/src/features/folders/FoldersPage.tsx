import './folders.css';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';
import { SyncRules } from './SyncRules';
import { WatchedFolders } from './WatchedFolders';

/** Inbox sync rules and watched upload folders. */
export default function FoldersPage() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <PageHeader title={t('folders.page.title')} description={t('folders.page.description')} />
      <div className="page__body folders">
        <SyncRules />
        <WatchedFolders />
      </div>
    </div>
  );
}

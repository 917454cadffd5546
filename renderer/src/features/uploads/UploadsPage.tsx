import './uploads.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { PageHeader } from '../../components/PageHeader';
import { CsvExportButton } from '../folders/CsvExportButton';
import { BatchPanel } from './batch/BatchPanel';
import { useDraftStore } from './batch/draft-store';
import { FeatureIcon } from './FeatureIcon';
import { FilePickers } from './intake/FilePickers';
import { UploadList } from './list/UploadList';
import { LookupBox } from './lookup/LookupBox';
import { NotSentNotice } from './NotSentNotice';

/** Uploads (DESIGN §6, §7): drop or pick files, check them, send them, follow each one to delivery. */
export default function UploadsPage() {
  const { t } = useTranslation();
  const draft = useDraftStore((state) => state.draft);
  const [lookupOpen, setLookupOpen] = useState(false);
  return (
    <div className="page uploads-page">
      <PageHeader
        title={t('pages.uploads.title')}
        description={t('pages.uploads.description')}
        actions={
          <>
            <Button variant="ghost" aria-expanded={lookupOpen} onClick={() => setLookupOpen((open) => !open)}>
              <FeatureIcon name="search" />
              {t('uploads.actions.lookUp')}
            </Button>
            <CsvExportButton input={{ kind: 'uploads' }} />
            <FilePickers />
          </>
        }
      />
      {lookupOpen ? <LookupBox onClose={() => setLookupOpen(false)} /> : null}
      {draft ? <BatchPanel draft={draft} /> : null}
      <NotSentNotice />
      <UploadList />
    </div>
  );
}

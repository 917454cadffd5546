import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { DocumentViewer, type ViewerFile } from './DocumentViewer';

/** The document viewer in a dialog, for places that list files (upload batch, transfer documents). */
export function ViewerDialog({ title, fileKey, load, onClose }: { title: string; fileKey: readonly unknown[]; load(): Promise<ViewerFile>; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Modal title={title} size="lg" onEscape={onClose}>
      <DocumentViewer fileKey={fileKey} load={load} />
      <div className="modal__actions">
        <Button onClick={onClose}>{t('common.close')}</Button>
      </div>
    </Modal>
  );
}

import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import type { LocalValidation } from '../../../../shared/contract/standards';
import { DocumentViewer, type ViewerFile } from './DocumentViewer';

interface ViewerDialogProps {
  title: string;
  fileKey: readonly unknown[];
  load(): Promise<ViewerFile>;
  onClose(): void;
  /** The official rules: checked in the dialog (`auto`), or a check the caller already ran. */
  check?: 'auto' | 'manual';
  validation?: LocalValidation;
}

/** The document viewer in a dialog, for places that list files (upload batch, transfer documents, send dialog). */
export function ViewerDialog({ title, fileKey, load, onClose, check, validation }: ViewerDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal title={title} size="lg" onEscape={onClose}>
      <DocumentViewer fileKey={fileKey} load={load} {...(check ? { check } : {})} {...(validation ? { validation } : {})} />
      <div className="modal__actions">
        <Button onClick={onClose}>{t('common.close')}</Button>
      </div>
    </Modal>
  );
}

import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { VIEWER_MAX_FILE_BYTES } from '../../../../shared/contract/viewer';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Logo } from '../../components/Logo';
import { DocIcon } from '../documents/DocIcon';
import { formatBytes } from '../documents/model/format';
import { DocumentViewer } from './DocumentViewer';
import { grantedViewerFile } from './read-file';
import './viewer.css';

/**
 * "Open file…": any e-invoice file from this computer, shown by the one document viewer, with the
 * official rules' check one click away. "Validate a file" (`purpose="validate"`) is the same screen
 * that checks at once. Both work signed in (a page of the app) and signed out (`standalone`, reached
 * from the sign-in screen): nothing is uploaded.
 */
export default function OpenFilePage({ standalone = false, purpose = 'open' }: { standalone?: boolean; purpose?: 'open' | 'validate' }) {
  const { t, i18n } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<{ file: File; serial: number } | null>(null);
  const [dragging, setDragging] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);

  const take = (picked: File | undefined) => {
    if (!picked) return;
    if (picked.size > VIEWER_MAX_FILE_BYTES) {
      setRefused(t('viewer.openFile.tooLarge', { name: picked.name, size: formatBytes(i18n.language, picked.size), limit: formatBytes(i18n.language, VIEWER_MAX_FILE_BYTES) }));
      return;
    }
    setRefused(null);
    setFile((previous) => ({ file: picked, serial: (previous?.serial ?? 0) + 1 }));
  };
  const onDragOver = (event: DragEvent) => {
    event.preventDefault();
    event.stopPropagation();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    event.stopPropagation();
    setDragging(false);
    take(event.dataTransfer.files[0]);
  };

  const picker = (
    <>
      <input
        ref={input}
        type="file"
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        accept=".xml,.p7m,.zip,.csv,.json,application/xml,text/xml,application/zip,text/csv"
        onChange={(event) => {
          take(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      <Button variant={file ? 'secondary' : 'primary'} onClick={() => input.current?.click()}>
        <DocIcon name="folder" />
        {file ? t('viewer.openFile.another') : t('viewer.openFile.choose')}
      </Button>
    </>
  );

  return (
    <div className={standalone ? 'open-file open-file--standalone' : 'page open-file'}>
      {standalone ? (
        <div className="open-file__brand">
          <Logo />
          <Link to="/" className="btn btn--ghost btn--sm">
            {t('viewer.openFile.backToSignIn')}
          </Link>
        </div>
      ) : null}
      <header className="page-header open-file__header">
        <div>
          <h1 className="page-header__title">{purpose === 'validate' ? t('viewer.validateFile.title') : t('viewer.openFile.title')}</h1>
          {file ? null : <p className="page-header__subtitle">{purpose === 'validate' ? t('viewer.validateFile.intro') : t('viewer.openFile.intro')}</p>}
        </div>
        {file ? picker : null}
      </header>
      {refused ? <Alert tone="error" title={refused} /> : null}
      {file ? (
        <div className="open-file__viewer" onDragOver={onDragOver} onDrop={onDrop}>
          <DocumentViewer
            fileKey={['local', file.serial, file.file.name, file.file.size]}
            load={() => grantedViewerFile(file.file)}
            check={purpose === 'validate' ? 'auto' : 'manual'}
          />
        </div>
      ) : (
        <div
          className={`open-file__drop${dragging ? ' open-file__drop--active' : ''}`}
          onDragOver={onDragOver}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          <DocIcon name="file" className="icon open-file__icon" />
          <p className="open-file__drop-title">{t('viewer.openFile.drop')}</p>
          <p className="muted">{t('viewer.openFile.or')}</p>
          {picker}
          <p className="muted open-file__note">{t('viewer.openFile.noAccount')}</p>
        </div>
      )}
    </div>
  );
}

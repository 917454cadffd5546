import { useId, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/Icon';

interface FileDropFieldProps {
  label: string;
  accept: string;
  file: File | null;
  onFile: (file: File | null) => void;
  hint?: string;
  error?: string;
}

const hasFiles = (event: DragEvent): boolean => Array.from(event.dataTransfer.types).includes('Files');

/**
 * One file, picked or dropped. The real `<input type="file">` carries the label (so it is what
 * keyboards and tests reach); the zone around it is where files can be dropped.
 */
export function FileDropField({ label, accept, file, onFile, hint, error }: FileDropFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const [over, setOver] = useState(false);
  const describedBy = [error ? `${id}-error` : '', hint ? `${id}-hint` : '', `${id}-chosen`].filter(Boolean).join(' ');

  // preventDefault tells the window-wide uploads drop layer that this zone took the drag.
  const onDragOver = (event: DragEvent) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setOver(true);
  };
  const onDrop = (event: DragEvent) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    setOver(false);
    onFile(event.dataTransfer.files[0] ?? null);
  };

  return (
    <div className={['field', error ? 'field--invalid' : ''].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div
        className={['cert-drop', over ? 'cert-drop--over' : '', file ? 'cert-drop--chosen' : '', error ? 'cert-drop--invalid' : ''].filter(Boolean).join(' ')}
        onDragEnter={onDragOver}
        onDragOver={onDragOver}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <Icon name={file ? 'check' : 'uploads'} className="icon cert-drop__icon" />
        <span className="cert-drop__text" id={`${id}-chosen`}>
          {file ? t('certificates.import.chosen', { name: file.name }) : t('certificates.import.dropHere')}
        </span>
        <span className="btn btn--secondary btn--sm cert-drop__button" aria-hidden="true">
          {file ? t('certificates.import.changeFile') : t('certificates.import.chooseFile')}
        </span>
        <input
          id={id}
          type="file"
          accept={accept}
          className="cert-drop__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => {
            onFile(event.currentTarget.files?.[0] ?? null);
          }}
        />
      </div>
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

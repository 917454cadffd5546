import { useRef, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { KNOWN_UPLOAD_EXTENSIONS } from '../../../../../shared/validation/file-name';
import { FeatureIcon } from '../FeatureIcon';
import { addToDraftInSteps } from '../batch/draft-store';
import { collectFromFileList } from './dropped-files';

/** `webkitdirectory` is not in React's input props; it must reach the DOM as an attribute. */
const folderInputProps = { webkitdirectory: '', directory: '' } as Record<string, string>;

/** "Choose files…" and "Choose folder…": the keyboard way to start a batch. */
export function FilePickers({ size = 'md' }: { size?: 'sm' | 'md' }) {
  const { t } = useTranslation();
  const filesRef = useRef<HTMLInputElement>(null);
  const folderRef = useRef<HTMLInputElement>(null);
  const onPicked = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    if (input.files && input.files.length > 0) void addToDraftInSteps(collectFromFileList(input.files));
    // The same file can be picked again later.
    input.value = '';
  };
  return (
    <>
      <button type="button" className={`btn btn--primary btn--${size}`} onClick={() => filesRef.current?.click()}>
        <FeatureIcon name="file" />
        {t('uploads.actions.chooseFiles')}
      </button>
      <button type="button" className={`btn btn--secondary btn--${size}`} onClick={() => folderRef.current?.click()}>
        <FeatureIcon name="folder" />
        {t('uploads.actions.chooseFolder')}
      </button>
      <input ref={filesRef} type="file" multiple hidden tabIndex={-1} accept={KNOWN_UPLOAD_EXTENSIONS.join(',')} onChange={onPicked} />
      <input ref={folderRef} type="file" multiple hidden tabIndex={-1} {...folderInputProps} onChange={onPicked} />
    </>
  );
}

import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { KNOWN_UPLOAD_EXTENSIONS } from '../../../../../shared/validation/file-name';
import { bridge } from '../../../bridge';
import { useBridgeQuery } from '../../../bridge/queries';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { FeatureIcon } from '../FeatureIcon';
import { addToDraft, addToDraftInSteps } from '../batch/draft-store';
import { collectFromFileList, collectFromListing } from './dropped-files';

/** `webkitdirectory` is not in React's input props; it must reach the DOM as an attribute. */
const folderInputProps = { webkitdirectory: '', directory: '' } as Record<string, string>;

/**
 * A folder through the host's dialog (Electron; the browser shell's scripted dialogs in tests): the
 * core grants it and lists its files, so the page never holds a `File` per file. `false` when the
 * host turns out to have no dialog (the caller then uses `<input webkitdirectory>`).
 */
async function chooseFolderWithDialog(title: string): Promise<boolean> {
  const chosen = await bridge.invoke('dialogs.chooseFolder', { title, purpose: 'open' });
  if (!chosen.supported) return false;
  if (chosen.folder === null) return true;
  const { handle } = chosen.folder;
  const listing = await bridge.invoke('uploads.listFolder', { folder: { kind: 'handle', handle } });
  addToDraft(collectFromListing(handle, listing));
  return true;
}

/** "Choose files…" and "Choose folder…": the keyboard way to start a batch. */
export function FilePickers({ size = 'md' }: { size?: 'sm' | 'md' }) {
  const { t } = useTranslation();
  const filesRef = useRef<HTMLInputElement>(null);
  const folderRef = useRef<HTMLInputElement>(null);
  const appInfo = useBridgeQuery('app.info', undefined, { staleTime: Infinity });
  const [choosing, setChoosing] = useState(false);
  const [folderError, setFolderError] = useState<unknown>(null);
  const onPicked = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    if (input.files && input.files.length > 0) void addToDraftInSteps(collectFromFileList(input.files));
    // The same file can be picked again later.
    input.value = '';
  };
  const chooseFolder = () => {
    setFolderError(null);
    if (appInfo.data?.nativeDialogs !== true) {
      folderRef.current?.click();
      return;
    }
    setChoosing(true);
    chooseFolderWithDialog(t('uploads.actions.chooseFolderTitle'))
      .then((handled) => {
        if (!handled) folderRef.current?.click();
      })
      .catch((error: unknown) => setFolderError(error))
      .finally(() => setChoosing(false));
  };
  return (
    <>
      <button type="button" className={`btn btn--primary btn--${size}`} onClick={() => filesRef.current?.click()}>
        <FeatureIcon name="file" />
        {t('uploads.actions.chooseFiles')}
      </button>
      <button type="button" className={`btn btn--secondary btn--${size}`} onClick={chooseFolder} disabled={choosing} aria-busy={choosing || undefined}>
        <FeatureIcon name="folder" />
        {t('uploads.actions.chooseFolder')}
      </button>
      <input ref={filesRef} type="file" multiple hidden tabIndex={-1} accept={KNOWN_UPLOAD_EXTENSIONS.join(',')} onChange={onPicked} />
      <input ref={folderRef} type="file" multiple hidden tabIndex={-1} {...folderInputProps} onChange={onPicked} />
      {folderError !== null ? (
        <div className="file-pickers__error">
          <ErrorAlert error={folderError} title={t('uploads.actions.chooseFolderFailed')} />
        </div>
      ) : null}
    </>
  );
}

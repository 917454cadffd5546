import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DestinationFolder } from '../../../../shared/contract';
import { useBridgeMutation, useBridgeQuery } from '../../bridge/queries';
import { Button } from '../../components/Button';
import { ErrorAlert } from '../../components/ErrorAlert';
import { TextField } from '../../components/Field';

interface FolderFieldProps {
  label: string;
  /** The folder already in use (an edit), shown until another is chosen. */
  current?: string;
  error?: string;
  /** `save` (default): a folder the app writes into; `open`: one it reads (and empties), granted for reading. */
  purpose?: 'save' | 'open';
  /** False: a folder the app reads from is never typed; where the host has no dialog, the field says the desktop app is needed. */
  typed?: boolean;
  onChange(folder: DestinationFolder | null): void;
}

/**
 * A folder: the host's folder dialog's choice where it has one (`app.info().nativeDialogs`:
 * Electron, or the browser shell's scripted dialogs in tests; a granted handle, the field shows
 * where it is), else, for a folder the app writes into, a typed path (the browser shell has no
 * dialog). A folder the app reads from (`typed: false`) is never typed.
 */
export function FolderField({ label, current, error, purpose = 'save', typed = true, onChange }: FolderFieldProps) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const appInfo = useBridgeQuery('app.info', undefined, { staleTime: Infinity });
  const browse = useBridgeMutation('dialogs.chooseFolder');
  /** What the user chose or typed; until then the folder in use, which may arrive after the first render (the default download folder). */
  const [shown, setShown] = useState<string | null>(null);
  const [unsupported, setUnsupported] = useState(false);
  const canBrowse = !unsupported && appInfo.data?.nativeDialogs === true;

  const choose = () =>
    browse.mutate(
      { title: t('folders.folderField.chooseTitle'), purpose },
      {
        onSuccess: (result) => {
          if (!result.supported) {
            setUnsupported(true);
            inputRef.current?.focus();
          } else if (result.folder) {
            setShown(result.folder.label);
            onChange({ kind: 'handle', handle: result.folder.handle });
          }
        },
      },
    );

  return (
    <div className="folder-field">
      <div className="folder-field__row">
        <TextField
          ref={inputRef}
          label={label}
          value={shown ?? current ?? ''}
          error={error}
          hint={canBrowse ? (current ? t('folders.folderField.keep') : undefined) : typed ? t('folders.folderField.typedHint') : t('folders.folderField.dialogNeeded')}
          spellCheck={false}
          className="mono"
          readOnly={canBrowse || !typed}
          fieldClassName="folder-field__input"
          onChange={(event) => {
            setShown(event.target.value);
            const text = event.target.value.trim();
            onChange(text === '' || text === current ? null : { kind: 'typed', path: text });
          }}
        />
        {canBrowse ? (
          <Button onClick={choose} pending={browse.isPending}>
            {t('folders.folderField.browse')}
          </Button>
        ) : null}
      </div>
      {browse.isError ? <ErrorAlert error={browse.error} /> : null}
    </div>
  );
}

import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ServerUpload } from '../../../../../shared/contract';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { TextField } from '../../../components/Field';
import { useBridgeMutation } from '../../../bridge/queries';
import { checkE2eId } from '../batch/batch-model';
import { formatWhen, issueText, serverStatusLabel } from '../format';

/** Asks the service (not the local journal) which uploads carry an End-to-end ID. */
export function LookupBox({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const headingId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState('');
  const [touched, setTouched] = useState(false);
  const [asked, setAsked] = useState<string | null>(null);
  const lookup = useBridgeMutation('uploads.findByE2eId');
  const issue = value === '' && !touched ? null : checkE2eId(value);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (checkE2eId(value)) {
      inputRef.current?.focus();
      return;
    }
    setAsked(value);
    lookup.mutate({ e2eId: value });
  };

  const results: ServerUpload[] | undefined = lookup.data;
  return (
    <section className="panel lookup-box" aria-labelledby={headingId}>
      <div className="lookup-box__header">
        <div>
          <h2 id={headingId} className="lookup-box__title">
            {t('uploads.lookup.title')}
          </h2>
          <p className="lookup-box__description">{t('uploads.lookup.description')}</p>
        </div>
        <Button variant="ghost" size="sm" icon="close" onClick={onClose}>
          {t('uploads.lookup.close')}
        </Button>
      </div>
      <form className="lookup-box__form" onSubmit={submit} noValidate>
        <TextField
          ref={inputRef}
          label={t('uploads.lookup.label')}
          value={value}
          autoFocus
          spellCheck={false}
          autoComplete="off"
          className="input--mono"
          fieldClassName="lookup-box__field"
          error={issue ? issueText(t, issue, language) : undefined}
          onChange={(event) => setValue(event.target.value)}
        />
        <Button type="submit" variant="primary" pending={lookup.isPending}>
          {t('uploads.lookup.submit')}
        </Button>
      </form>
      <div aria-live="polite">
        {lookup.isError ? <ErrorAlert error={lookup.error} title={t('uploads.lookup.failed')} /> : null}
        {results && asked !== null ? (
          results.length === 0 ? (
            <p className="lookup-box__result">{t('uploads.lookup.none', { id: asked })}</p>
          ) : (
            <>
              <p className="lookup-box__result">{t('uploads.lookup.found', { count: results.length, id: asked })}</p>
              {results.length > 1 ? (
                <Alert tone="warning" live={false}>
                  {t('uploads.lookup.duplicates')}
                </Alert>
              ) : null}
              <table className="upload-docs__table lookup-box__table" aria-label={t('uploads.lookup.results')}>
                <thead>
                  <tr>
                    <th scope="col">{t('uploads.lookup.uploadId')}</th>
                    <th scope="col">{t('uploads.lookup.fileName')}</th>
                    <th scope="col">{t('uploads.lookup.country')}</th>
                    <th scope="col">{t('uploads.lookup.status')}</th>
                    <th scope="col">{t('uploads.lookup.created')}</th>
                  </tr>
                </thead>
                <tbody>
                  {results.map((upload) => (
                    <tr key={upload.id}>
                      <td className="mono">{upload.id}</td>
                      <td>{upload.file_name}</td>
                      <td>{upload.country}</td>
                      <td>{serverStatusLabel(t, upload.status)}</td>
                      <td>
                        <time dateTime={upload.created_at}>{formatWhen(upload.created_at, language)}</time>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          )
        ) : null}
      </div>
    </section>
  );
}

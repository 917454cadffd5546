import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { bridgeKeys, useBridgeMutation, useBridgeQuery } from '../../../bridge/queries';
import { Button } from '../../../components/Button';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { TextField } from '../../../components/Field';
import { Icon } from '../../../components/Icon';
import { Spinner } from '../../../components/Spinner';
import { showToast } from '../../../components/toast-store';
import { allValid, newCodeProblem, rowsOf, sameCodes, serverProblemsByCode, type AtecoRow } from '../model/ateco-draft';
import { Card, serverFieldErrors, useProblemText } from '../ui';

/**
 * A merchant's ATECO codes (MF2): add and remove codes, checked as you type with the shared
 * validator; Save replaces the whole list. A code the service refuses shows its message beside it.
 */
export function AtecoEditor({ merchantUuid, readOnly = false }: { merchantUuid: string; readOnly?: boolean }) {
  const { t } = useTranslation();
  const problemText = useProblemText();
  const queryClient = useQueryClient();
  const saved = useBridgeQuery('merchants.atecoCodes', { uuid: merchantUuid });
  const [rows, setRows] = useState<AtecoRow[] | null>(null);
  const [draft, setDraft] = useState('');
  const [attempted, setAttempted] = useState(false);
  const save = useBridgeMutation('merchants.setAtecoCodes', {
    onSuccess: (result) => {
      queryClient.setQueryData(bridgeKeys.call('merchants.atecoCodes', { uuid: merchantUuid }), result);
      void queryClient.invalidateQueries({ queryKey: bridgeKeys.channel('cashRegister.me') });
      setRows(rowsOf(result.codes));
      showToast({ tone: 'success', title: (t) => t('fiscal.ateco.saved', { count: result.codes.length }), timeoutMs: 5000 });
    },
  });

  // The list being edited starts from what the service has and follows it until the user edits.
  const savedRows = saved.data ? rowsOf(saved.data.codes) : null;
  const current = rows ?? savedRows ?? [];
  const dirty = savedRows !== null && !sameCodes(current, savedRows);

  const problem = draft === '' ? null : newCodeProblem(draft, current);
  const shownProblem = draft === '' ? (attempted ? { key: 'ateco.empty' } : null) : problem;
  const serverProblems = save.isError ? serverProblemsByCode(serverFieldErrors(save.error), current) : {};

  const add = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (draft === '' || problem) return;
    setRows([...current, { code: draft, description: null }]);
    setDraft('');
    setAttempted(false);
    save.reset();
  };
  const remove = (code: string) => {
    setRows(current.filter((row) => row.code !== code));
    save.reset();
  };

  return (
    <Card
      title={t('fiscal.ateco.title')}
      description={t('fiscal.ateco.description')}
      actions={
        readOnly ? null : (
          <>
            {dirty ? (
              <Button variant="ghost" size="sm" onClick={() => {
                  setRows(null);
                  save.reset();
                }} disabled={save.isPending}>
                {t('fiscal.ateco.discardChanges')}
              </Button>
            ) : null}
            <Button
              variant="primary"
              size="sm"
              icon="check"
              disabled={!dirty || !allValid(current)}
              pending={save.isPending}
              onClick={() => save.mutate({ uuid: merchantUuid, codes: current.map((row) => row.code) })}
            >
              {t('fiscal.ateco.save')}
            </Button>
          </>
        )
      }
    >
      {saved.isPending ? (
        <Spinner />
      ) : saved.isError ? (
        <ErrorAlert error={saved.error} title={t('fiscal.ateco.loadFailed')} />
      ) : (
        <div className="ateco-editor">
          {current.length === 0 ? (
            <p className="muted">{t('fiscal.ateco.empty')}</p>
          ) : (
            <ul className="ateco-list" aria-label={t('fiscal.ateco.listLabel')}>
              {current.map((row) => (
                <li key={row.code} className={`ateco-item${serverProblems[row.code] ? ' ateco-item--invalid' : ''}`}>
                  <span className="ateco-item__code mono">{row.code}</span>
                  <span className="ateco-item__description">{row.description ?? (savedRows?.some((s) => s.code === row.code) ? t('fiscal.ateco.noDescription') : t('fiscal.ateco.notSaved'))}</span>
                  {readOnly ? null : (
                    <button type="button" className="icon-button" aria-label={t('fiscal.ateco.remove', { code: row.code })} onClick={() => remove(row.code)}>
                      <Icon name="close" />
                    </button>
                  )}
                  {serverProblems[row.code] ? (
                    <p className="ateco-item__error" role="alert">
                      {serverProblems[row.code]}
                    </p>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
          {readOnly ? (
            <p className="muted">{t('fiscal.ateco.readOnly')}</p>
          ) : (
            <form className="ateco-add" onSubmit={add} noValidate>
              <TextField
                label={t('fiscal.ateco.newCode')}
                value={draft}
                onChange={(event) => {
                  setDraft(event.target.value);
                  setAttempted(false);
                }}
                placeholder="471110"
                maxLength={16}
                autoComplete="off"
                spellCheck={false}
                className="input--mono"
                hint={shownProblem ? undefined : t('fiscal.ateco.newCodeHint')}
                error={problemText(shownProblem)}
              />
              <Button type="submit" icon="plus" disabled={draft !== '' && problem !== null}>
                {t('fiscal.ateco.add')}
              </Button>
            </form>
          )}
          {save.isError && serverProblems[''] ? <ErrorAlert error={save.error} title={t('fiscal.ateco.saveFailed')} /> : null}
          {save.isError && Object.keys(serverProblems).length === 0 ? <ErrorAlert error={save.error} title={t('fiscal.ateco.saveFailed')} /> : null}
          {save.isError && Object.keys(serverProblems).some((code) => code !== '') ? (
            <p className="field__error">{t('fiscal.ateco.fixMarked')}</p>
          ) : null}
        </div>
      )}
    </Card>
  );
}

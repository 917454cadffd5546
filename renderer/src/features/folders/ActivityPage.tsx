import './folders.css';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { activityActions, type ActivityAction, type ActivityFilters, type ActivityVerification } from '../../../../shared/contract';
import { useBridgeMutation, useBridgeQuery } from '../../bridge/queries';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { ErrorAlert } from '../../components/ErrorAlert';
import { SelectField, TextField } from '../../components/Field';
import { DateField } from '../../components/DateField';
import { Modal } from '../../components/Modal';
import { PageHeader } from '../../components/PageHeader';
import { saveFilePayload } from '../uploads/list/download';
import { actionKey, formatTime } from './format';

const PAGE = 200;

function VerificationResult({ result, onAcknowledge }: { result: ActivityVerification; onAcknowledge(): void }) {
  const { t, i18n } = useTranslation();
  if (result.intact) {
    return (
      <Alert tone="success" title={t('folders.activity.intact')} live>
        {t('folders.activity.intactBody', { count: result.checked })}
      </Alert>
    );
  }
  const problem = result.problem;
  return (
    <Alert tone="error" title={t('folders.activity.altered')}>
      {problem ? <p>{t(`folders.activity.problems.${problem.kind}`, { line: problem.line, seq: problem.seq ?? '' })}</p> : null}
      {result.brokenSince ? (
        <>
          <p>{t('folders.activity.brokenSince', { time: formatTime(i18n.language, result.brokenSince) })}</p>
          <Button size="sm" onClick={onAcknowledge}>
            {t('folders.activity.acknowledge')}
          </Button>
        </>
      ) : null}
    </Alert>
  );
}

/** The activity log: filters, the newest entries first, "verify" and a CSV of what is shown. */
export default function ActivityPage() {
  const { t, i18n } = useTranslation();
  const [filters, setFilters] = useState<ActivityFilters>({});
  const [limit, setLimit] = useState(PAGE);
  // Read again every few seconds while the page is open: background work (sync, watched folders) adds entries.
  const page = useBridgeQuery('activity.list', { filters, offset: 0, limit }, { refetchInterval: 5_000 });
  const verify = useBridgeMutation('activity.verify');
  const acknowledge = useBridgeMutation('activity.acknowledge', {
    onSuccess: () => {
      setAcknowledging(false);
      void page.refetch();
    },
  });
  const [acknowledging, setAcknowledging] = useState(false);
  // A log found altered is said as soon as the page opens, not only when "Verify log" is pressed.
  const { mutate: verifyNow } = verify;
  const verifiedOnOpen = useRef(false);
  useEffect(() => {
    if (verifiedOnOpen.current) return;
    verifiedOnOpen.current = true;
    verifyNow({});
  }, [verifyNow]);
  const verification = acknowledge.data ?? verify.data;
  const exportCsv = useBridgeMutation('activity.exportCsv', { onSuccess: (payload) => saveFilePayload(payload) });


  const set = (changes: ActivityFilters) => {
    setLimit(PAGE);
    setFilters((current) => {
      const next: ActivityFilters = { ...current, ...changes };
      for (const key of Object.keys(next) as Array<keyof ActivityFilters>) if (next[key] === undefined || next[key] === '') delete next[key];
      return next;
    });
  };
  const entries = page.data?.entries ?? [];

  return (
    <div className="page">
      <PageHeader
        title={t('folders.activity.title')}
        description={t('folders.activity.description')}
        actions={
          <>
            <Button
              icon="shield"
              onClick={() => {
                acknowledge.reset();
                verify.mutate({});
              }}
              pending={verify.isPending}
            >
              {t('folders.activity.verify')}
            </Button>
            <Button onClick={() => exportCsv.mutate({ filters })} pending={exportCsv.isPending}>
              {t('folders.activity.exportCsv')}
            </Button>
          </>
        }
      />
      <div className="page__body activity">
        {verification ? <VerificationResult result={verification} onAcknowledge={() => setAcknowledging(true)} /> : null}
        {verify.isError ? <ErrorAlert error={verify.error} /> : null}
        {exportCsv.isError ? <ErrorAlert error={exportCsv.error} /> : null}
        {acknowledging && verification?.brokenSince ? (
          <Modal title={t('folders.activity.acknowledgeTitle')} onEscape={() => setAcknowledging(false)}>
            <p>{t('folders.activity.acknowledgeBody', { time: formatTime(i18n.language, verification.brokenSince) })}</p>
            {acknowledge.isError ? <ErrorAlert error={acknowledge.error} /> : null}
            <div className="modal__actions">
              <Button variant="ghost" onClick={() => setAcknowledging(false)}>
                {t('common.cancel')}
              </Button>
              <Button variant="primary" pending={acknowledge.isPending} onClick={() => acknowledge.mutate({})}>
                {t('folders.activity.acknowledgeConfirm')}
              </Button>
            </div>
          </Modal>
        ) : null}
        <form className="panel activity__filters" role="search" aria-label={t('folders.activity.filters')} onSubmit={(event) => event.preventDefault()}>
          <SelectField label={t('folders.activity.action')} value={filters.action ?? ''} onChange={(event) => set({ action: (event.target.value || undefined) as ActivityAction | undefined })}>
            <option value="">{t('folders.activity.anyAction')}</option>
            {activityActions.map((action) => (
              <option key={action} value={action}>
                {t(`folders.activity.actions.${actionKey(action)}`)}
              </option>
            ))}
          </SelectField>
          <SelectField label={t('folders.activity.outcome')} value={filters.outcome ?? ''} onChange={(event) => set({ outcome: (event.target.value || undefined) as 'ok' | 'failed' | undefined })}>
            <option value="">{t('folders.activity.anyOutcome')}</option>
            <option value="ok">{t('folders.activity.outcomes.ok')}</option>
            <option value="failed">{t('folders.activity.outcomes.failed')}</option>
          </SelectField>
          <TextField label={t('folders.activity.search')} placeholder={t('folders.activity.searchPlaceholder')} value={filters.text ?? ''} onChange={(event) => set({ text: event.target.value })} />
          <DateField label={t('folders.activity.from')} value={filters.from ?? ''} onChange={(from) => set({ from: from || undefined })} />
          <DateField label={t('folders.activity.to')} value={filters.to ?? ''} onChange={(to) => set({ to: to || undefined })} />
          <Button variant="ghost" size="sm" onClick={() => setFilters({})} disabled={Object.keys(filters).length === 0}>
            {t('folders.activity.clear')}
          </Button>
        </form>
        {page.isError ? <ErrorAlert error={page.error} /> : null}
        {page.data && entries.length === 0 ? (
          <EmptyState icon="info" title={t('folders.activity.empty')} />
        ) : (
          <div className="panel activity__table-wrap">
            <table className="activity-table">
              <caption className="visually-hidden">{t('folders.activity.tableLabel')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('folders.activity.columns.time')}</th>
                  <th scope="col">{t('folders.activity.columns.action')}</th>
                  <th scope="col">{t('folders.activity.columns.target')}</th>
                  <th scope="col">{t('folders.activity.columns.outcome')}</th>
                  <th scope="col">{t('folders.activity.columns.user')}</th>
                  <th scope="col">{t('folders.activity.columns.profile')}</th>
                  <th scope="col">{t('folders.activity.columns.detail')}</th>
                </tr>
              </thead>
              <tbody>
                {entries.map((entry) => (
                  <tr key={entry.seq}>
                    <td className="nowrap">{formatTime(i18n.language, entry.at)}</td>
                    <th scope="row">{t(`folders.activity.actions.${actionKey(entry.action)}`)}</th>
                    <td className="activity-table__target">{entry.target}</td>
                    <td>
                      <span className={`state-badge state-badge--${entry.outcome === 'ok' ? 'ok' : 'bad'}`}>{t(`folders.activity.outcomes.${entry.outcome}`)}</span>
                    </td>
                    <td className="activity-table__user">{entry.user ?? t('folders.activity.nobody')}</td>
                    <td>{entry.profile}</td>
                    <td className="activity-table__detail">{entry.detail}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {page.data && page.data.total > 0 ? (
          <div className="activity__more">
            <span>{t('folders.activity.showing', { shown: entries.length, total: page.data.total })}</span>
            {entries.length < page.data.total ? (
              <Button size="sm" onClick={() => setLimit((current) => Math.min(500, current + PAGE))} disabled={limit >= 500}>
                {t('folders.activity.more')}
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
    </div>
  );
}

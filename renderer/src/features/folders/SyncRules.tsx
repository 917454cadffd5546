import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SyncRule, SyncRuleStatus } from '../../../../shared/contract';
import { bridge } from '../../bridge';
import { bridgeKeys, useBridgeMutation, useBridgeQuery } from '../../bridge/queries';
import { Button } from '../../components/Button';
import { ErrorAlert } from '../../components/ErrorAlert';
import { Modal } from '../../components/Modal';
import { typeKey } from '../documents/model/document-types';
import { wordStatus } from '../../i18n/errors';
import { formatTime } from './format';
import { SyncRuleDialog } from './SyncRuleDialog';

const tone: Record<SyncRuleStatus['state'], string> = { idle: 'ok', running: 'busy', paused: 'muted', waiting: 'muted', backoff: 'warn', error: 'bad' };

function RuleCard({ status, onEdit, onDelete }: { status: SyncRuleStatus; onEdit(): void; onDelete(): void }) {
  const { t, i18n } = useTranslation();
  const { rule } = status;
  const setPaused = useBridgeMutation('sync.setPaused');
  const runNow = useBridgeMutation('sync.runNow');
  const failure = setPaused.error ?? runNow.error;
  return (
    <li className="panel sync-rule" aria-label={rule.name}>
      <div className="sync-rule__head">
        <div>
          <h3 className="sync-rule__name">{rule.name}</h3>
          <p className="sync-rule__meta">
            {status.profileName} · {rule.types.map((type) => t(`documents.types.${typeKey[type]}.tab`)).join(', ')} · {t(`folders.sync.dialog.directions.${rule.direction}`)}
          </p>
          <p className="sync-rule__folder mono">{rule.folder}</p>
        </div>
        {/* A rule saved a moment ago has not run yet: "Up to date" would claim what it has not done. */}
        {status.state === 'idle' && !status.lastRunAt ? (
          <span className="state-badge state-badge--muted" role="status">
            {t('folders.sync.never')}
          </span>
        ) : (
          <span className={`state-badge state-badge--${tone[status.state]}`} role="status">
            {t(`folders.sync.states.${status.state}`)}
          </span>
        )}
      </div>
      {status.message ? <p className={`sync-rule__message${status.state === 'error' || status.state === 'backoff' ? ' sync-rule__message--bad' : ''}`}>{wordStatus(t, status)}</p> : null}
      <ul className="sync-rule__facts">
        <li>{status.lastRunAt ? t('folders.sync.lastRun', { time: formatTime(i18n.language, status.lastRunAt) }) : t('folders.sync.never')}</li>
        {status.nextRunAt && status.state !== 'paused' ? (
          <li>{t('folders.sync.nextRun', { time: formatTime(i18n.language, status.nextRunAt) })}</li>
        ) : null}
        {status.lastRun ? (
          <li>{t('folders.sync.counts', { written: status.lastRun.written, skipped: status.lastRun.skipped, failed: status.lastRun.failed })}</li>
        ) : null}
        <li>{t('folders.sync.total', { count: status.totalWritten })}</li>
        {status.pending > 0 ? (
          <li>{t('folders.sync.pending', { count: status.pending })}</li>
        ) : null}
      </ul>
      {status.failures.length > 0 ? (
        <details className="sync-rule__failures">
          <summary>{t('folders.sync.failuresTitle')}</summary>
          <ul>
            {status.failures.map((item) => (
              <li key={`${item.uuid}-${item.message}`}>
                <span className="mono">{item.number || item.uuid}</span> {wordStatus(t, item)}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {failure ? <ErrorAlert error={failure} /> : null}
      <div className="sync-rule__actions">
        <Button size="sm" icon="refresh" disabled={rule.paused || status.state === 'running'} pending={runNow.isPending} onClick={() => runNow.mutate({ id: rule.id })}>
          {t('folders.sync.runNow')}
        </Button>
        <Button size="sm" pending={setPaused.isPending} onClick={() => setPaused.mutate({ id: rule.id, paused: !rule.paused })}>
          {rule.paused ? t('folders.sync.resume') : t('folders.sync.pause')}
        </Button>
        <Button size="sm" variant="ghost" onClick={onEdit}>
          {t('folders.sync.edit')}
        </Button>
        <Button size="sm" variant="ghost" icon="trash" onClick={onDelete}>
          {t('folders.sync.remove')}
        </Button>
      </div>
    </li>
  );
}

/** The sync rules with their live status; edits in a dialog, deletion after a confirmation. */
export function SyncRules() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const rules = useBridgeQuery('sync.rules');
  const remove = useBridgeMutation('sync.delete', { onSuccess: () => setDeleting(null) });
  const [editing, setEditing] = useState<SyncRule | 'new' | null>(null);
  const [deleting, setDeleting] = useState<SyncRule | null>(null);

  useEffect(() => bridge.on('sync.changed', ({ statuses }) => queryClient.setQueryData(bridgeKeys.call('sync.rules'), statuses)), [queryClient]);

  return (
    <section className="folders-section" aria-labelledby="folders-sync">
      <div className="folders-section__head">
        <div>
          <h2 id="folders-sync" className="folders-section__title">
            {t('folders.sync.title')}
          </h2>
          <p className="folders-section__description">{t('folders.sync.description')}</p>
        </div>
        <Button variant="primary" icon="plus" onClick={() => setEditing('new')}>
          {t('folders.sync.add')}
        </Button>
      </div>
      {rules.isError ? <ErrorAlert error={rules.error} /> : null}
      {rules.data && rules.data.length === 0 ? <p className="panel folders-empty">{t('folders.sync.empty')}</p> : null}
      <ul className="sync-rules" aria-label={t('folders.sync.listLabel')}>
        {(rules.data ?? []).map((status) => (
          <RuleCard key={status.rule.id} status={status} onEdit={() => setEditing(status.rule)} onDelete={() => setDeleting(status.rule)} />
        ))}
      </ul>
      {editing ? <SyncRuleDialog {...(editing === 'new' ? {} : { rule: editing })} onClose={() => setEditing(null)} /> : null}
      {deleting ? (
        <Modal title={t('folders.sync.remove')} onEscape={() => setDeleting(null)}>
          <p>{t('folders.sync.removeConfirm', { name: deleting.name })}</p>
          {remove.isError ? <ErrorAlert error={remove.error} /> : null}
          <div className="modal__actions">
            <Button variant="ghost" onClick={() => setDeleting(null)}>
              {t('common.cancel')}
            </Button>
            <Button variant="danger" pending={remove.isPending} onClick={() => remove.mutate({ id: deleting.id })}>
              {t('folders.sync.removeConfirmAction')}
            </Button>
          </div>
        </Modal>
      ) : null}
    </section>
  );
}

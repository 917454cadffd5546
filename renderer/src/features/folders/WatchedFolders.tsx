import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { DestinationFolder, UploadCountry, WatchedFolderStatus } from '../../../../shared/contract';
import { bridge } from '../../bridge';
import { bridgeKeys, useBridgeMutation, useBridgeQuery } from '../../bridge/queries';
import { Button } from '../../components/Button';
import { ErrorAlert } from '../../components/ErrorAlert';
import { TextField } from '../../components/Field';
import { Modal } from '../../components/Modal';
import { wordStatus } from '../../i18n/errors';
import { FolderField } from './FolderField';
import { formatTime } from './format';

const COUNTRIES: UploadCountry[] = ['IT', 'PL'];
const tone: Record<WatchedFolderStatus['state'], string> = { watching: 'ok', paused: 'muted', error: 'bad' };

function WatchDialog({ country, current, onClose }: { country: UploadCountry; current?: WatchedFolderStatus; onClose(): void }) {
  const { t } = useTranslation();
  const save = useBridgeMutation('watch.save', { onSuccess: onClose });
  const [folder, setFolder] = useState<DestinationFolder | null>(null);
  const [template, setTemplate] = useState(current?.e2eIdTemplate ?? 'LD-{date}-{file}-{rand}');
  const [folderError, setFolderError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!current && !folder) {
      setFolderError(t('folders.folderField.required'));
      return;
    }
    save.mutate({ country, ...(folder ? { folder } : {}), e2eIdTemplate: template.trim() || 'LD-{date}-{file}-{rand}', paused: current?.paused ?? false });
  };
  return (
    <Modal title={t('folders.watch.dialog.title', { country: t(`folders.watch.countries.${country}`) })} onEscape={onClose} size="md">
      <form className="folders-form" onSubmit={submit} noValidate>
        <FolderField label={t('folders.watch.dialog.folder')} current={current?.folder} error={folderError} purpose="open" typed={false} onChange={setFolder} />
        <TextField label={t('folders.watch.dialog.template')} hint={t('folders.watch.dialog.templateHint')} className="mono" spellCheck={false} value={template} onChange={(event) => setTemplate(event.target.value)} />
        {save.isError ? <ErrorAlert error={save.error} title={t('folders.watch.dialog.saveFailed')} /> : null}
        <div className="modal__actions">
          <Button variant="ghost" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button variant="primary" type="submit" pending={save.isPending}>
            {t('folders.watch.dialog.save')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

function CountryCard({ country, status, onEdit, onStop }: { country: UploadCountry; status?: WatchedFolderStatus; onEdit(): void; onStop(): void }) {
  const { t, i18n } = useTranslation();
  const setPaused = useBridgeMutation('watch.setPaused');
  return (
    <li className="panel watch-card" aria-label={t(`folders.watch.countries.${country}`)}>
      <div className="sync-rule__head">
        <h3 className="sync-rule__name">{t(`folders.watch.countries.${country}`)}</h3>
        {status ? (
          <span className={`state-badge state-badge--${tone[status.state]}`} role="status">
            {t(`folders.watch.states.${status.state}`)}
          </span>
        ) : null}
      </div>
      {status ? (
        <>
          <p className="sync-rule__folder mono">{status.folder}</p>
          <p className="sync-rule__meta mono">{status.e2eIdTemplate}</p>
          {status.message ? <p className="sync-rule__message sync-rule__message--bad">{wordStatus(t, status)}</p> : null}
          <p className="watch-card__counts">{t('folders.watch.counts', { sent: status.sent, failed: status.failed, inFlight: status.inFlight })}</p>
          {status.recent.length > 0 ? (
            <details className="sync-rule__failures" open>
              <summary>{t('folders.watch.recent')}</summary>
              <ul className="watch-card__recent">
                {status.recent.slice(0, 8).map((item) => (
                  <li key={`${item.fileName}-${item.at}-${item.state}`}>
                    <span className={`state-badge state-badge--${item.state === 'sent' ? 'ok' : item.state === 'failed' ? 'bad' : 'muted'}`}>{t(`folders.watch.fileStates.${item.state}`)}</span>
                    <span className="mono">{item.fileName}</span>
                    <span className="watch-card__time">{formatTime(i18n.language, item.at)}</span>
                    {item.message ? <span className="watch-card__why">{wordStatus(t, item)}</span> : null}
                  </li>
                ))}
              </ul>
            </details>
          ) : null}
          {setPaused.isError ? <ErrorAlert error={setPaused.error} /> : null}
          <div className="sync-rule__actions">
            <Button size="sm" pending={setPaused.isPending} onClick={() => setPaused.mutate({ country, paused: !status.paused })}>
              {status.paused ? t('folders.watch.resume') : t('folders.watch.pause')}
            </Button>
            <Button size="sm" variant="ghost" onClick={onEdit}>
              {t('folders.watch.change')}
            </Button>
            <Button size="sm" variant="ghost" icon="trash" onClick={onStop}>
              {t('folders.watch.stop')}
            </Button>
          </div>
        </>
      ) : (
        <>
          <p className="folders-empty__text">{t('folders.watch.notWatching')}</p>
          <div className="sync-rule__actions">
            <Button size="sm" icon="plus" onClick={onEdit}>
              {t('folders.watch.start')}
            </Button>
          </div>
        </>
      )}
    </li>
  );
}

/** The watched upload folders, one per country. */
export function WatchedFolders() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const folders = useBridgeQuery('watch.folders');
  const remove = useBridgeMutation('watch.remove', {
    onSuccess: () => {
      setStopping(null);
      void queryClient.invalidateQueries({ queryKey: bridgeKeys.channel('watch.folders') });
    },
  });
  const [editing, setEditing] = useState<UploadCountry | null>(null);
  const [stopping, setStopping] = useState<WatchedFolderStatus | null>(null);
  useEffect(() => bridge.on('watch.changed', ({ statuses }) => queryClient.setQueryData(bridgeKeys.call('watch.folders'), statuses)), [queryClient]);
  const statusOf = (country: UploadCountry) => folders.data?.find((status) => status.country === country);

  return (
    <section className="folders-section" aria-labelledby="folders-watch">
      <div className="folders-section__head">
        <div>
          <h2 id="folders-watch" className="folders-section__title">
            {t('folders.watch.title')}
          </h2>
          <p className="folders-section__description">{t('folders.watch.description')}</p>
        </div>
      </div>
      {folders.isError ? <ErrorAlert error={folders.error} /> : null}
      <ul className="watch-cards">
        {COUNTRIES.map((country) => {
          const status = statusOf(country);
          return <CountryCard key={country} country={country} {...(status ? { status } : {})} onEdit={() => setEditing(country)} onStop={() => status && setStopping(status)} />;
        })}
      </ul>
      {editing ? <WatchDialog country={editing} {...(statusOf(editing) ? { current: statusOf(editing) } : {})} onClose={() => setEditing(null)} /> : null}
      {stopping ? (
        <Modal title={t('folders.watch.stop')} onEscape={() => setStopping(null)}>
          <p>{t('folders.watch.stopConfirm', { folder: stopping.folder })}</p>
          {remove.isError ? <ErrorAlert error={remove.error} /> : null}
          <div className="modal__actions">
            <Button variant="ghost" onClick={() => setStopping(null)}>
              {t('common.cancel')}
            </Button>
            <Button variant="danger" pending={remove.isPending} onClick={() => remove.mutate({ country: stopping.country })}>
              {t('folders.watch.stop')}
            </Button>
          </div>
        </Modal>
      ) : null}
    </section>
  );
}

import { useQueries, useQueryClient } from '@tanstack/react-query';
import { schemaCheckQuery, wouldBeRefused } from '../../validation/SchemaCheckNote';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RejectedFile, UploadCountry, UploadEntry } from '../../../../../shared/contract';
import { bridge } from '../../../bridge';
import { bridgeKeys } from '../../../bridge/queries';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { SelectField, TextField } from '../../../components/Field';
import { formatBytes, issueText } from '../format';
import { shellCarriesBlobs, shellGranter, toFileRefs } from '../intake/file-ref';
import { mergeEntries } from '../model/list-view';
import { announce, showNotSent } from '../model/ui-store';
import { batchSummaries } from '../summary-toast';
import { uploadsListKey, useUploadPreferences, useUploadsList } from '../list/uploads-cache';
import { batchBlocker, batchContext, buildBatchView, prepareBatchChecks, type BatchRow } from './batch-model';
import { BatchFileRow } from './BatchFileRow';
import { clearDraft, removeFromDraft, setDraftCountry, setDraftTemplate, stopHashing, useDraftStore, type BatchDraft } from './draft-store';
import { sendBatch, type SendItem, type SendResult } from './send-batch';

const defaultPreferences = { country: 'IT', e2eIdTemplate: 'LD-{date}-{file}-{rand}' } as const;

/** Rows of the file list are virtualized: a dropped folder may hold thousands of files. */
function BatchRows({ rows, labelledBy }: { rows: BatchRow[]; labelledBy: string }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- no React Compiler here; the virtualizer is used as documented.
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 64,
    overscan: 8,
    getItemKey: (index) => rows[index]?.id ?? index,
  });
  return (
    <div ref={scrollRef} className="batch-rows" role="group" aria-labelledby={labelledBy}>
      <div className="batch-rows__inner" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index];
          if (!row) return null;
          return (
            <div key={item.key} ref={virtualizer.measureElement} data-index={item.index} className="batch-rows__item" style={{ transform: `translateY(${item.start}px)` }}>
              <BatchFileRow row={row} />
            </div>
          );
        })}
      </div>
    </div>
  );
}

const toRejected = (row: BatchRow, message: string): RejectedFile => ({ fileName: row.name, origin: row.relativePath, code: 'validation', message });

/** From this many files, a new batch's files are checked after the panel appears, a slice per task. */
export const CHECK_LATER_FROM = 500;
const CHECK_SLICE = 250;

/**
 * The dropped files before anything is sent. A big batch (a drop of thousands) shows its panel
 * first and checks its rows in the next task: both in the drop's own task held the page for
 * 80–95 ms of CPU (docs/performance.md, issue 12).
 */
export function BatchPanel({ draft }: { draft: BatchDraft }) {
  const { t } = useTranslation();
  const preferences = useUploadPreferences();
  const [checked, setChecked] = useState(draft.files.length < CHECK_LATER_FROM);
  useEffect(() => {
    if (checked) return;
    // Checked a slice per task: thousands of files in one task held the page for 70–200 ms.
    const context = batchContext(draft, preferences.data ?? defaultPreferences);
    let next = 0;
    let timer = 0;
    const step = (): void => {
      next = prepareBatchChecks(draft, context, next, next + CHECK_SLICE);
      if (next >= draft.files.length) setChecked(true);
      else timer = window.setTimeout(step, 0);
    };
    timer = window.setTimeout(step, 0);
    return () => window.clearTimeout(timer);
  }, [checked, draft, preferences.data]);
  if (checked) return <CheckedBatchPanel draft={draft} />;
  return (
    <section className="batch-panel" aria-label={t('uploads.batch.title')} aria-busy="true">
      <header className="batch-panel__header">
        <div>
          <h2 className="batch-panel__title">{t('uploads.batch.title')}</h2>
          <p className="batch-panel__counts">
            <span>{t('uploads.batch.fileCount', { count: draft.files.length })}</span>
            <span className="muted">{t('uploads.batch.checkingFiles')}</span>
          </p>
        </div>
      </header>
    </section>
  );
}

/** The batch's checks, country, End-to-end IDs, "Upload N files". */
function CheckedBatchPanel({ draft }: { draft: BatchDraft }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const queryClient = useQueryClient();
  const headingId = useId();
  const filesLabelId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const dropCount = useDraftStore((state) => state.dropCount);
  const preferences = useUploadPreferences();
  const existing = useUploadsList();
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [failure, setFailure] = useState<{ error: unknown; handed: number; left: number } | null>(null);
  // While the batch is handed over its own files arrive in the list: the checks keep the list as it
  // was when Upload was pressed (not "already uploaded" for the files going out, and no re-check of
  // every row on each change the core reports).
  const [sentAgainst, setSentAgainst] = useState<readonly UploadEntry[] | null>(null);
  const existingEntries = sentAgainst ?? existing.data;

  const view = useMemo(
    () => buildBatchView(draft, preferences.data ?? defaultPreferences, existingEntries ?? []),
    [draft, preferences.data, existingEntries],
  );
  const blocker = batchBlocker(view);
  const copies = view.rows.filter((row) => row.copyOf !== null);
  const sending = progress !== null;

  // A new drop brings the panel into view with focus on its heading, so keyboard users land here.
  useEffect(() => {
    headingRef.current?.focus();
    headingRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [dropCount]);

  const upload = async () => {
    if (blocker || sending) return;
    const items: SendItem[] = view.sendable.map((row) => ({ draftId: row.id, dropped: { file: row.draft.file, relativePath: row.relativePath }, e2eId: row.e2eId }));
    const leftOut = view.blocked.map((row) =>
      toRejected(row, [...row.fileIssues, ...(row.e2eIssue ? [row.e2eIssue] : [])].map((issue) => issueText(t, issue, language)).join(' ')),
    );
    setFailure(null);
    stopHashing();
    setSentAgainst(existing.data ?? []);
    setProgress({ done: 0, total: items.length });
    batchSummaries.beginSend();
    const granter = shellGranter();
    const binary = shellCarriesBlobs();
    let result: SendResult;
    try {
      result = await sendBatch(items, { country: view.country, template: view.template.trim() }, {
        add: (input) => bridge.invoke('uploads.add', input),
        toFileRefs: (dropped) => toFileRefs(dropped, granter, binary),
        onProgress: (done, total) => setProgress({ done, total }),
      });
    } catch (error) {
      // Not expected (sendBatch reports failed calls itself), but the panel must never stay stuck.
      result = { batchIds: [], entries: [], rejected: [], handledDraftIds: [], failure: { error, notSentDraftIds: items.map((item) => item.draftId) } };
    }
    if (result.entries.length > 0) {
      queryClient.setQueryData<UploadEntry[]>(uploadsListKey, (current) => (current ? mergeEntries(current, result.entries) : current));
      if (!queryClient.getQueryData(uploadsListKey)) void queryClient.invalidateQueries({ queryKey: uploadsListKey });
      announce(t('uploads.batch.added', { count: result.entries.length }));
    }
    const notSent = result.failure ? result.rejected : [...leftOut, ...result.rejected];
    batchSummaries.endSend(result.batchIds, notSent.length);
    showNotSent(notSent);
    setProgress(null);
    setSentAgainst(null);
    bridge
      .invoke('uploads.setPreferences', { country: view.country, e2eIdTemplate: view.template.trim() || defaultPreferences.e2eIdTemplate })
      .then((saved) => queryClient.setQueryData(bridgeKeys.call('uploads.preferences'), saved))
      .catch(() => undefined);
    if (result.failure) {
      removeFromDraft(result.handledDraftIds);
      setFailure({ error: result.failure.error, handed: result.handledDraftIds.length, left: result.failure.notSentDraftIds.length });
      return;
    }
    clearDraft();
    // The panel goes away: put focus on the list's selected view so it is not lost.
    window.requestAnimationFrame(() => document.querySelector<HTMLElement>('.uploads-tabs [aria-selected="true"]')?.focus());
  };

  const skipped = draft.skippedHidden;
  // The sendable files whose official schema check says they would be refused: not counted as ready.
  const refusedCount = useQueries({
    queries: view.sendable.map((row) => schemaCheckQuery(row.id, row.draft.file)),
    combine: (results) => results.filter((result) => wouldBeRefused(result.data)).length,
  });
  const buttonLabel = view.sendable.length > 0 ? t('uploads.batch.upload', { count: view.sendable.length }) : t('uploads.batch.uploadNothing');

  return (
    <section className="batch-panel" aria-labelledby={headingId} aria-busy={sending || undefined}>
      <header className="batch-panel__header">
        <div>
          <h2 id={headingId} ref={headingRef} tabIndex={-1} className="batch-panel__title">
            {t('uploads.batch.title')}
          </h2>
          <p className="batch-panel__counts">
            <span>{t('uploads.batch.fileCount', { count: view.rows.length })}</span>
            <span className="batch-panel__count batch-panel__count--ok">{t('uploads.batch.readyCount', { count: view.sendable.length - refusedCount })}</span>
            {refusedCount > 0 ? <span className="batch-panel__count batch-panel__count--refused">{t('uploads.batch.refusedCount', { count: refusedCount })}</span> : null}
            {view.blocked.length > 0 ? (
              <span className="batch-panel__count batch-panel__count--blocked">{t('uploads.batch.blockedCount', { count: view.blocked.length })}</span>
            ) : null}
            <span className="muted">{formatBytes(view.sendable.reduce((sum, row) => sum + row.size, 0), language)}</span>
          </p>
        </div>
        <Button variant="ghost" size="sm" icon="trash" onClick={clearDraft} disabled={sending}>
          {t('uploads.batch.clear')}
        </Button>
      </header>

      <div className="batch-panel__settings">
        <SelectField
          label={t('uploads.batch.country')}
          value={view.country}
          disabled={sending}
          hint={view.countrySuggested ? t('uploads.batch.countrySuggested') : draft.country === null ? t('uploads.batch.countryRemembered') : undefined}
          onChange={(event) => setDraftCountry(event.target.value as UploadCountry)}
          fieldClassName="batch-panel__country"
        >
          <option value="IT">{t('uploads.countries.IT')}</option>
          <option value="PL">{t('uploads.countries.PL')}</option>
        </SelectField>
        <TextField
          label={t('uploads.batch.template')}
          value={view.template}
          disabled={sending}
          spellCheck={false}
          autoComplete="off"
          className="input--mono"
          error={view.templateIssue ? issueText(t, view.templateIssue, language) : undefined}
          hint={
            <>
              <span className="batch-panel__preview">{t('uploads.batch.preview', { id: view.preview })}</span>
              <span>{t('uploads.batch.templateHint')}</span>
            </>
          }
          onChange={(event) => setDraftTemplate(event.target.value)}
          fieldClassName="batch-panel__template"
        />
      </div>

      {view.mixedCountries ? <Alert tone="warning" live={false}>{t('uploads.batch.mixedCountries')}</Alert> : null}
      {copies.length > 0 ? (
        <Alert
          tone="warning"
          title={t('uploads.batch.copies.title', { count: copies.length })}
          actions={
            <Button size="sm" disabled={sending} onClick={() => removeFromDraft(copies.map((row) => row.id))}>
              {t('uploads.batch.copies.leaveOut', { count: copies.length })}
            </Button>
          }
        >
          <p>{t('uploads.batch.copies.body')}</p>
        </Alert>
      ) : null}
      {skipped > 0 ? <p className="batch-panel__note">{t('uploads.batch.skippedHidden', { count: skipped })}</p> : null}
      {draft.unreadable.length > 0 ? <p className="batch-panel__note">{t('uploads.batch.unreadable', { names: draft.unreadable.join(', ') })}</p> : null}

      <h3 id={filesLabelId} className="visually-hidden">
        {t('uploads.batch.files')}
      </h3>
      <BatchRows rows={view.rows} labelledBy={filesLabelId} />

      {failure ? (
        <ErrorAlert
          error={failure.error}
          title={failure.handed > 0 ? t('uploads.batch.partialFailure', { handed: failure.handed, left: failure.left }) : t('uploads.batch.sendFailed')}
        />
      ) : null}

      <footer className="batch-panel__footer">
        <p className="batch-panel__footnote" aria-live="polite">
          {sending
            ? t('uploads.batch.handingOver', { done: progress.done, total: progress.total })
            : blocker === 'template'
              ? t('uploads.batch.templateBlocks')
              : blocker === 'nothingToSend'
                ? t('uploads.batch.nothingToSend')
                : view.blocked.length > 0
                  ? t('uploads.batch.blockedNote', { count: view.blocked.length })
                  : ''}
        </p>
        <Button variant="primary" size="lg" icon="uploads" onClick={() => void upload()} disabled={blocker !== null} pending={sending}>
          {buttonLabel}
        </Button>
      </footer>
    </section>
  );
}

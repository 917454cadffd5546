import { lazy, memo, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/Icon';
import { SchemaCheckNote, useSchemaCheck, wouldBeRefused } from '../../validation/SchemaCheckNote';
import { FeatureIcon } from '../FeatureIcon';
import { formatBytes, issueText } from '../format';
import type { BatchRow } from './batch-model';
import { removeFromDraft, setDraftOverride } from './draft-store';
import { readViewerFile } from '../../viewer/read-file';
import type { ViewerFile } from '../../viewer/DocumentViewer';
import { isInGrantedFolder, type PickedFile } from '../intake/dropped-files';

const ViewerDialog = lazy(() => import('../../viewer/ViewerDialog').then((module) => ({ default: module.ViewerDialog })));

/** A file of a granted folder is opened by the core through the folder's handle; a file on the page by its bytes. */
const viewerFileOf = (file: PickedFile): Promise<ViewerFile> =>
  isInGrantedFolder(file) ? Promise.resolve({ name: file.name, handle: { kind: 'handle', handle: file.handle, subpath: file.subpath } }) : readViewerFile(file);

const folderOf = (relativePath: string): string => {
  const slash = relativePath.lastIndexOf('/');
  return slash > 0 ? relativePath.slice(0, slash + 1) : '';
};

/** One dropped file: its checks, its End-to-end ID (editable), and a way to leave it out. */
export const BatchFileRow = memo(function BatchFileRow({ row }: { row: BatchRow }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const inputId = `batch-e2e-${row.id}`;
  const errorId = `${inputId}-error`;
  const folder = folderOf(row.relativePath);
  const problems = row.fileIssues.map((issue) => issueText(t, issue, language));
  const warnings = row.warnings.map((issue) => issueText(t, issue, language));
  const e2eError = row.e2eIssue ? issueText(t, row.e2eIssue, language) : null;
  const [viewing, setViewing] = useState(false);
  // A file the official schema refuses can still be sent (the note says why), but it is not "ready".
  const refused = wouldBeRefused(useSchemaCheck(row.id, row.draft.file)) && row.fileIssues.length === 0;
  const mark = !row.sendable ? 'blocked' : refused ? 'refused' : 'ok';
  const markLabel = mark === 'blocked' ? t('uploads.batch.cannotSend') : mark === 'refused' ? t('uploads.batch.refusedMark') : t('uploads.batch.ready');

  return (
    <div className={`batch-row${row.sendable ? '' : ' batch-row--blocked'}`}>
      <div className="batch-row__file">
        <span className={`batch-row__mark batch-row__mark--${mark}`} title={markLabel}>
          {mark === 'ok' ? <Icon name="check" /> : mark === 'refused' ? <Icon name="alert" /> : <FeatureIcon name="ban" />}
          <span className="visually-hidden">{markLabel}</span>
        </span>
        <div className="batch-row__names">
          <span className="batch-row__name" title={row.relativePath}>
            {row.name}
          </span>
          <span className="batch-row__meta">
            {folder ? <span className="batch-row__folder">{folder}</span> : null}
            <span>{formatBytes(row.size, language)}</span>
          </span>
        </div>
      </div>
      <div className="batch-row__id">
        {row.fileIssues.length > 0 ? (
          <span className="batch-row__not-sent">{t('uploads.batch.notSentHere')}</span>
        ) : (
          <>
            <input
              id={inputId}
              className="input input--mono batch-row__input"
              value={row.e2eId}
              spellCheck={false}
              autoComplete="off"
              aria-label={t('uploads.batch.e2eLabel', { name: row.name })}
              aria-invalid={e2eError ? true : undefined}
              aria-describedby={e2eError ? errorId : undefined}
              onChange={(event) => setDraftOverride(row.id, event.target.value)}
            />
            {row.custom ? (
              <button type="button" className="btn btn--ghost btn--sm" aria-label={t('uploads.batch.useTemplateLabel', { name: row.name })} onClick={() => setDraftOverride(row.id, null)}>
                {t('uploads.batch.useTemplate')}
              </button>
            ) : null}
          </>
        )}
      </div>
      <button type="button" className="btn btn--ghost btn--sm batch-row__view" aria-label={t('viewer.actions.viewNamed', { name: row.name })} onClick={() => setViewing(true)}>
        {t('viewer.actions.view')}
      </button>
      {viewing ? (
        <Suspense fallback={null}>
          <ViewerDialog title={row.name} fileKey={['draft', row.id]} load={() => viewerFileOf(row.draft.file)} onClose={() => setViewing(false)} check="auto" />
        </Suspense>
      ) : null}
      <button type="button" className="icon-button batch-row__remove" aria-label={t('uploads.batch.remove', { name: row.name })} onClick={() => removeFromDraft([row.id])}>
        <Icon name="close" />
      </button>
      {row.fileIssues.length === 0 ? <SchemaCheckNote id={row.id} file={row.draft.file} /> : null}
      {problems.length > 0 || e2eError || warnings.length > 0 ? (
        <div className="batch-row__notes">
          {problems.length > 0 ? (
            <ul className="batch-row__problems">
              {problems.map((text) => (
                <li key={text}>
                  <Icon name="alert" />
                  <span>{text}</span>
                </li>
              ))}
            </ul>
          ) : null}
          {e2eError ? (
            <p id={errorId} className="batch-row__problems">
              <Icon name="alert" />
              <span>{e2eError}</span>
            </p>
          ) : null}
          {warnings.map((text) => (
            <p key={text} className="batch-row__warning">
              <Icon name="info" />
              <span>{text}</span>
            </p>
          ))}
        </div>
      ) : null}
    </div>
  );
});

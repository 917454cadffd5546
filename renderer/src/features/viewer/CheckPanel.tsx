import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LocalValidation, LocalValidationIssue } from '../../../../shared/contract/standards';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { ErrorAlert } from '../../components/ErrorAlert';
import { placeOf } from '../validation/place';
import { verdictHeadline } from '../validation/ValidationReport';
import { RuleSetDates } from '../validation/RuleSetDates';
import { useElapsedSeconds, type CheckState } from './document-check';

interface CheckPanelProps {
  state: CheckState;
  onRun?(): void;
  onCancel?(): void;
  /** The finding the user chose (highlighted in the list). */
  selected: LocalValidationIssue | null;
  onShowPlace(issue: LocalValidationIssue): void;
  onShowLine(issue: LocalValidationIssue): void;
  /** A sentence about where the chosen finding is shown (or why it cannot be). */
  note?: string | undefined;
}

/**
 * The official rules' verdict on the document shown: run it, watch it run (elapsed time, cancel), then
 * its errors and warnings, each with the rule id, the message and the place; a click shows the place
 * in the layout, the line button the line in the source.
 */
export function CheckPanel({ state, onRun, onCancel, selected, onShowPlace, onShowLine, note }: CheckPanelProps) {
  const { t } = useTranslation();
  const seconds = useElapsedSeconds(state.status === 'running' ? state.startedAt : null);
  if (state.status === 'running') {
    return (
      <section className="viewer-check viewer-check--running" aria-label={t('viewer.validation.title')}>
        <div className="viewer-check__progress" role="progressbar" aria-label={t('viewer.validation.running', { seconds })} aria-valuetext={t('viewer.validation.running', { seconds })}>
          <span className="viewer-check__bar" />
        </div>
        <p className="viewer-check__status" role="status">
          {t('viewer.validation.running', { seconds })}
        </p>
        {state.progress ? (
          <p className="muted viewer-check__step">
            {state.progress.phase === 'queued'
              ? t('viewer.validation.queued')
              : t('viewer.validation.step', { artefact: state.progress.artefact, done: state.progress.done, total: state.progress.total })}
          </p>
        ) : null}
        {seconds >= 3 ? <p className="muted viewer-check__hint">{t('viewer.validation.runningHint')}</p> : null}
        {onCancel ? (
          <Button size="sm" variant="ghost" onClick={onCancel}>
            {t('viewer.validation.cancel')}
          </Button>
        ) : null}
      </section>
    );
  }
  const runButton = onRun ? (
    <Button size="sm" variant={state.status === 'idle' ? 'secondary' : 'ghost'} icon={state.status === 'idle' ? undefined : 'refresh'} onClick={onRun}>
      {state.status === 'idle' ? t('viewer.validation.run') : t('viewer.validation.rerun')}
    </Button>
  ) : null;
  if (state.status === 'idle') return runButton ? <div className="viewer-check viewer-check--idle">{runButton}</div> : null;
  if (state.status === 'cancelled') {
    return (
      <div className="viewer-check viewer-check--idle">
        <p className="muted" role="status">
          {t('viewer.validation.cancelled')}
        </p>
        {runButton}
      </div>
    );
  }
  if (state.status === 'failed') return <ErrorAlert error={state.error} title={t('viewer.validation.failed')} actions={runButton} />;
  return <CheckResult result={state.result} rerun={runButton} selected={selected} onShowPlace={onShowPlace} onShowLine={onShowLine} note={note} />;
}

function CheckResult({
  result,
  rerun,
  selected,
  onShowPlace,
  onShowLine,
  note,
}: { result: LocalValidation; rerun: ReactNode } & Pick<CheckPanelProps, 'selected' | 'onShowPlace' | 'onShowLine' | 'note'>) {
  const { t } = useTranslation();
  const headline = verdictHeadline(t, result);
  const tone = !result.valid ? 'error' : result.warnings.length > 0 ? 'warning' : 'success';
  return (
    <Alert tone={tone} live={false} title={<span role="status">{headline}</span>} actions={rerun}>
      <p className="alert__detail">
        {t('validation.checkedWith', { artefacts: result.artefacts.map((artefact) => `${artefact.name} ${artefact.version}`).join(', '), seconds: (result.durationMs / 1000).toFixed(1) })}{' '}
        {t('viewer.validation.offline')}
      </p>
      <RuleSetDates ruleSet={result.ruleSet} className="alert__detail" />
      <IssueList title={t('validation.errors', { count: result.fatal.length })} issues={result.fatal} severity="fatal" selected={selected} onShowPlace={onShowPlace} onShowLine={onShowLine} />
      <IssueList title={t('validation.warnings', { count: result.warnings.length })} issues={result.warnings} severity="warning" selected={selected} onShowPlace={onShowPlace} onShowLine={onShowLine} />
      {note ? (
        <p className="viewer-check__note" aria-live="polite">
          {note}
        </p>
      ) : null}
    </Alert>
  );
}

function IssueList({
  title,
  issues,
  severity,
  selected,
  onShowPlace,
  onShowLine,
}: { title: string; issues: LocalValidationIssue[]; severity: 'fatal' | 'warning' } & Pick<CheckPanelProps, 'selected' | 'onShowPlace' | 'onShowLine'>) {
  const { t } = useTranslation();
  if (issues.length === 0) return null;
  return (
    <div className={`viewer-check__group viewer-check__group--${severity}`}>
      <h3 className="viewer-check__group-title">{title}</h3>
      <ul className="viewer-check__list" aria-label={title}>
        {issues.map((issue, index) => {
          const place = placeOf(issue.location);
          const where = t(`validation.place.${place.section}`, { number: place.lineNumber });
          return (
            <li key={`${issue.ruleId}-${index}`} className={`viewer-check__issue${selected === issue ? ' viewer-check__issue--selected' : ''}`}>
              <button type="button" className="viewer-check__show" aria-pressed={selected === issue} onClick={() => onShowPlace(issue)} title={t('viewer.validation.showPlace')}>
                <span className={`badge viewer-check__severity viewer-check__severity--${severity}`}>{t(`viewer.validation.${severity}`)}</span>
                <span className="viewer-check__rule mono">{issue.ruleId}</span>
                <span className="viewer-check__message">{issue.message}</span>
                <span className="viewer-check__where">{t('validation.at', { place: where })}</span>
              </button>
              {issue.line ? (
                <button type="button" className="link-button viewer-check__line" onClick={() => onShowLine(issue)}>
                  {t('viewer.validation.showLine', { line: issue.line })}
                </button>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { LocalValidation, LocalValidationIssue } from '../../../../shared/contract/standards';
import { issueWords } from './issue-words';
import { placeOf, type Place } from './place';
import { RuleSetDates } from './RuleSetDates';
import './validation.css';

interface ValidationReportProps {
  result: LocalValidation;
  /** The document's text, to show the source around the line a rule points at. */
  sourceText?: string;
}

const CONTEXT_LINES = 3;

/**
 * The official rules' verdict on a document before it is sent: errors and warnings grouped, each with
 * its rule id, message and place; choosing one shows the place in the document and the source line.
 */
/** The verdict in one sentence: refused with N errors, passes with warnings, or passes. */
export function verdictHeadline(t: TFunction, result: LocalValidation): string {
  const ruleSet = { ruleSet: result.ruleSet.name, version: result.ruleSet.version };
  if (!result.valid) return t('validation.fails', { ...ruleSet, count: result.fatal.length });
  if (result.warnings.length > 0) return t('validation.passesWithWarnings', { ...ruleSet, count: result.warnings.length });
  return t('validation.passes', ruleSet);
}

export function ValidationReport({ result, sourceText }: ValidationReportProps) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<LocalValidationIssue | null>(null);
  const headline = verdictHeadline(t, result);

  return (
    <section className={`validation validation--${result.valid ? 'valid' : 'invalid'}`} aria-label={headline}>
      <p className="validation__headline" role="status">
        {headline}
      </p>
      <p className="validation__meta">
        {t('validation.checkedWith', { artefacts: result.artefacts.map((artefact) => `${artefact.name} ${artefact.version}`).join(', '), seconds: (result.durationMs / 1000).toFixed(1) })}
      </p>
      <RuleSetDates ruleSet={result.ruleSet} className="validation__meta" />
      <IssueGroup title={t('validation.errors', { count: result.fatal.length })} issues={result.fatal} selected={selected} onSelect={setSelected} tone="error" />
      <IssueGroup title={t('validation.warnings', { count: result.warnings.length })} issues={result.warnings} selected={selected} onSelect={setSelected} tone="warning" />
      {selected ? <PlaceView issue={selected} sourceText={sourceText} /> : null}
    </section>
  );
}

function usePlaceWords(): (place: Place) => string {
  const { t } = useTranslation();
  return (place) => t(`validation.place.${place.section}`, { number: place.lineNumber });
}

interface IssueGroupProps {
  title: string;
  issues: LocalValidationIssue[];
  selected: LocalValidationIssue | null;
  onSelect(issue: LocalValidationIssue): void;
  tone: 'error' | 'warning';
}

function IssueGroup({ title, issues, selected, onSelect, tone }: IssueGroupProps) {
  const { t } = useTranslation();
  const placeWords = usePlaceWords();
  if (issues.length === 0) return null;
  return (
    <div className={`validation__group validation__group--${tone}`}>
      <h3 className="validation__group-title">{title}</h3>
      <ul className="validation__list" aria-label={title}>
        {issues.map((issue, index) => {
          const place = placeWords(placeOf(issue.location));
          return (
            <li key={`${issue.ruleId}-${index}`}>
              <button
                type="button"
                className={`validation__issue${selected === issue ? ' validation__issue--selected' : ''}`}
                aria-pressed={selected === issue}
                onClick={() => onSelect(issue)}
              >
                <span className="validation__rule mono">{issue.ruleId}</span>
                <span className="validation__message">{issueWords(t, issue)}</span>
                {issue.notice ? <span className="validation__notice">{t(`validation.notice.${issue.notice}`)}</span> : null}
                <span className="validation__where">
                  {t('validation.at', { place })}
                  {issue.line ? ` · ${t('validation.lineOfSource', { line: issue.line })}` : ''}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function PlaceView({ issue, sourceText }: { issue: LocalValidationIssue; sourceText?: string }) {
  const { t } = useTranslation();
  const place = usePlaceWords()(placeOf(issue.location));
  const lines = sourceText?.split(/\r\n|\r|\n/) ?? [];
  const line = issue.line && issue.line <= lines.length ? issue.line : undefined;
  const first = line ? Math.max(1, line - CONTEXT_LINES) : 0;
  const excerpt = line ? lines.slice(first - 1, line + CONTEXT_LINES) : [];
  return (
    <div className="validation__place" aria-live="polite">
      <p className="validation__place-title">{t('validation.placeTitle', { place })}</p>
      <p className="validation__xpath mono">{issue.location}</p>
      {line ? (
        <figure className="validation__source">
          <figcaption>{t('validation.sourceTitle', { line })}</figcaption>
          <pre aria-label={t('validation.sourceTitle', { line })}>
            {excerpt.map((text, offset) => {
              const number = first + offset;
              return (
                <span key={number} className={`validation__source-line${number === line ? ' validation__source-line--hit' : ''}`} data-line={number} {...(number === line ? { 'aria-current': 'location' as const } : {})}>
                  <span className="validation__source-number">{number}</span>
                  {text}
                  {'\n'}
                </span>
              );
            })}
          </pre>
        </figure>
      ) : (
        <p className="validation__meta">{t('validation.noSourceLine')}</p>
      )}
    </div>
  );
}

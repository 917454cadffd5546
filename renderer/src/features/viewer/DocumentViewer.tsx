import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FileHandleRef, FileRef, ViewedDocument, ViewerResult } from '../../../../shared/contract';
import type { LocalValidation, LocalValidationIssue } from '../../../../shared/contract/standards';
import { bridge } from '../../bridge';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { ErrorAlert } from '../../components/ErrorAlert';
import { Spinner } from '../../components/Spinner';
import { DocIcon, type DocIconName } from '../documents/DocIcon';
import { DocumentView } from '../documents/detail/DocumentView';
import { AttachmentList } from './AttachmentList';
import { CsvTable } from './CsvTable';
import { DocumentHeader } from './DocumentHeader';
import { placeOf } from '../validation/place';
import { CheckPanel } from './CheckPanel';
import { checkInput, isCheckable, useDocumentCheck, type CheckState } from './document-check';
import { findPlace } from './places';
import { isPostAward, PostAwardView } from './PostAwardView';
import { rememberLayout, rememberedLayout, type LayoutChoice } from './layout-choice';
import { ViewerActions } from './ViewerActions';
import { SandboxedFrame } from './SandboxedFrame';
import { SchemaLayoutView } from './SchemaLayoutView';
import { VerificationCode } from './VerificationCode';
import { SourceCode } from './SourceCode';
import '../documents/documents.css';
import './viewer.css';
import { describeError } from '../../i18n/errors';

/** The file to show: its bytes, or (Electron) a handle the preload granted for it, so main reads it. */
export type ViewerFile = ({ name: string; base64: string } | { name: string; handle: FileHandleRef }) & {
  /** KSeF number / SDI id, when known (a delivered transfer document). */
  destinationId?: string | undefined;
};

export interface ExtraTab {
  id: string;
  label: string;
  icon: DocIconName;
  render(): ReactNode;
}

interface DocumentViewerProps {
  /** Identifies the file for caching, e.g. `['inbox', type, uuid]`. */
  fileKey: readonly unknown[];
  load(): Promise<ViewerFile>;
  /** Where the document comes from in the inbox (its attachments are then read through the core). */
  inbox?: { type: Parameters<typeof DocumentView>[0]['type']; uuid: string };
  extraTabs?: ExtraTab[];
  tab?: string;
  onTab?(tab: string): void;
  /**
   * The official rules (issue 13's engine) on the documents shown: `auto` checks each document as it
   * is shown (Validate a file, upload batch), `manual` offers a button (Open file…).
   */
  check?: 'auto' | 'manual';
  /** A check already run by the caller (the send dialog), shown on a file's only document. */
  validation?: LocalValidation;
}

interface Opened {
  result: ViewerResult;
  /** The file as it came, for the official rules when it is a single document. */
  original: FileRef | null;
}

/** One viewer for every e-invoice format and every place a document appears (issue 14). */
export function DocumentViewer({ fileKey, load, inbox, extraTabs = [], tab, onTab, check, validation }: DocumentViewerProps) {
  const { t } = useTranslation();
  const opened = useQuery<Opened>({
    queryKey: ['viewer', ...fileKey],
    queryFn: async () => {
      const file = await load();
      const destination = file.destinationId ? { destinationId: file.destinationId } : {};
      const result = await bridge.invoke('viewer.open', 'handle' in file ? { handle: file.handle, ...destination } : { name: file.name, base64: file.base64, ...destination });
      const single = result.containers.length === 0 && result.documents.length === 1;
      const original: FileRef = 'handle' in file ? file.handle : { kind: 'bytes', name: file.name, base64: file.base64 };
      return { result, original: single ? original : null };
    },
    staleTime: Infinity,
    gcTime: 60_000,
    retry: false,
  });
  if (opened.isPending) {
    return (
      <div className="status-line status-line--pending doc-pane__loading" role="status">
        <Spinner size="md" />
        <span>{t('documents.detail.loading')}</span>
      </div>
    );
  }
  if (opened.isError) {
    return (
      <ErrorAlert
        error={opened.error}
        title={t('viewer.openFile.readFailed')}
        actions={
          <Button size="sm" icon="refresh" onClick={() => void opened.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  }
  return <OpenedFile result={opened.data.result} original={opened.data.original} inbox={inbox} extraTabs={extraTabs} tab={tab} onTab={onTab} check={check} validation={validation} />;
}

function OpenedFile({
  result,
  original,
  inbox,
  extraTabs,
  tab,
  onTab,
  check,
  validation,
}: Opened & Pick<DocumentViewerProps, 'inbox' | 'extraTabs' | 'tab' | 'onTab' | 'check' | 'validation'>) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const document = result.documents[index];
  const count = result.documents.length;
  return (
    <div className="viewer" aria-label={t('viewer.label')} role="region">
      {result.signature ? <SignatureNotice signature={result.signature} /> : null}
      {count > 1 ? (
        <nav className="viewer__picker" aria-label={t('viewer.documents.list')}>
          <Button size="sm" variant="ghost" disabled={index === 0} onClick={() => setIndex(index - 1)} aria-label={t('viewer.documents.previous')}>
            ‹
          </Button>
          <select className="input viewer__select" aria-label={t('viewer.documents.list')} value={index} onChange={(event) => setIndex(Number(event.target.value))}>
            {result.documents.map((candidate, candidateIndex) => (
              <option key={candidateIndex} value={candidateIndex}>
                {`${candidateIndex + 1}. ${candidate.summary.number ?? candidate.name}`}
              </option>
            ))}
          </select>
          <span className="viewer__position">{t('viewer.documents.position', { index: index + 1, count })}</span>
          <Button size="sm" variant="ghost" disabled={index === count - 1} onClick={() => setIndex(index + 1)} aria-label={t('viewer.documents.next')}>
            ›
          </Button>
        </nav>
      ) : null}
      {result.skipped.length > 0 ? (
        <Alert tone="warning" title={t('viewer.documents.skipped', { count: result.skipped.length })}>
          <ul className="viewer__skipped">
            {result.skipped.map((entry) => (
              <li key={entry.name}>
                <span className="mono">{entry.name}</span>: {entry.reason}
              </li>
            ))}
          </ul>
        </Alert>
      ) : null}
      {document ? (
        <OneDocument
          key={`${result.id}-${index}`}
          fileId={result.id}
          index={index}
          document={document}
          original={original}
          inbox={inbox}
          extraTabs={extraTabs ?? []}
          tab={tab}
          onTab={onTab}
          check={check}
          validation={count === 1 ? validation : undefined}
        />
      ) : null}
    </div>
  );
}

function SignatureNotice({ signature }: { signature: NonNullable<ViewerResult['signature']> }) {
  const { t, i18n } = useTranslation();
  const when = (time: string | undefined) => (time ? t('viewer.signature.time', { time: new Date(time).toLocaleString(i18n.language) }) : t('viewer.signature.noTime'));
  return (
    <Alert tone="info" title={t('viewer.signature.title')}>
      <ul className="viewer__signers">
        {signature.signers.map((signer, index) => (
          <li key={index}>
            {signer.name || signer.organization ? t('viewer.signature.signer', { name: [signer.name, signer.organization].filter(Boolean).join(', ') }) : t('viewer.signature.unknownSigner')}
            {signer.serialNumber ? <span className="mono"> ({signer.serialNumber})</span> : null} {when(signer.signingTime)}
          </li>
        ))}
      </ul>
      <p>{t('viewer.signature.notVerified')}</p>
    </Alert>
  );
}

type CoreTab = 'document' | 'source' | 'attachments';

function OneDocument({
  fileId,
  index,
  document,
  inbox,
  extraTabs,
  tab,
  onTab,
  check,
  validation,
  original,
}: { fileId: string; index: number; document: ViewedDocument; extraTabs: ExtraTab[]; original: FileRef | null } & Pick<DocumentViewerProps, 'inbox' | 'tab' | 'onTab' | 'check' | 'validation'>) {
  const { t } = useTranslation();
  const baseId = useId();
  const [ownTab, setOwnTab] = useState<string>('document');
  const [highlightLine, setHighlightLine] = useState<number | undefined>();
  const [selectedIssue, setSelectedIssue] = useState<LocalValidationIssue | null>(null);
  const [placeNote, setPlaceNote] = useState<string | undefined>();
  const checkable = check !== undefined && isCheckable(document);
  const checkFile = useMemo(() => (checkable ? checkInput(document, original) : null), [checkable, document, original]);
  const checker = useDocumentCheck(checkFile, { auto: checkable && check === 'auto' });
  const checkState: CheckState | null = validation ? { status: 'done', result: validation } : checkable ? checker.state : null;
  const [layout, setLayout] = useState<LayoutChoice>(() => rememberedLayout(document));
  const layoutRef = useRef<HTMLDivElement>(null);
  const tabRefs = useRef<Record<string, HTMLButtonElement | null>>({});
  const tabs: Array<{ id: string; label: string; icon: DocIconName }> = [
    { id: 'document', label: t('viewer.view.document'), icon: 'list' },
    { id: 'source', label: t('viewer.view.source'), icon: 'code' },
    ...(document.attachments.length > 0 ? [{ id: 'attachments', label: t('viewer.view.attachments', { count: document.attachments.length }), icon: 'paperclip' as const }] : []),
    ...extraTabs.map(({ id, label, icon }) => ({ id, label, icon })),
  ];
  const requested = tab ?? ownTab;
  const active = tabs.some((candidate) => candidate.id === requested) ? requested : 'document';
  const select = (next: string) => (onTab ? onTab(next) : setOwnTab(next));

  const useStylesheet = layout !== 'own' && document.stylesheets.includes(layout) && !document.problem;
  const rendered = useQuery({
    queryKey: ['viewer.render', fileId, index, layout],
    queryFn: () => bridge.invoke('viewer.render', { id: fileId, index, stylesheet: layout as Exclude<LayoutChoice, 'own'> }),
    enabled: useStylesheet,
    staleTime: Infinity,
    retry: false,
  });

  const showLine = (issue: LocalValidationIssue) => {
    setSelectedIssue(issue);
    if (issue.line === undefined) return;
    setHighlightLine(issue.line);
    select('source');
  };
  const placeWords = (issue: LocalValidationIssue) => {
    const place = placeOf(issue.location);
    return t(`validation.place.${place.section}`, { number: place.lineNumber });
  };
  const showPlace = (issue: LocalValidationIssue) => {
    setSelectedIssue(issue);
    if (stylesheetHtml) {
      setPlaceNote(t('viewer.validation.placeInStylesheet'));
      return;
    }
    const highlight = () => {
      const container = layoutRef.current;
      container?.querySelectorAll('[data-place-hit]').forEach((element) => element.removeAttribute('data-place-hit'));
      const element = container ? findPlace(container, issue.location) : null;
      if (element) {
        element.setAttribute('data-place-hit', 'true');
        // jsdom (unit tests) has no scrollIntoView.
        if (typeof element.scrollIntoView === 'function') element.scrollIntoView({ block: 'center' });
        setPlaceNote(t('viewer.validation.placeShown', { place: placeWords(issue) }));
        return;
      }
      setPlaceNote(t('viewer.validation.placeNotInLayout', { place: placeWords(issue) }));
      showLine(issue);
    };
    if (active === 'document') highlight();
    else {
      select('document');
      // The layout mounts on the next render; highlight once it is there.
      requestAnimationFrame(() => requestAnimationFrame(highlight));
    }
  };

  const onTabKey = (event: KeyboardEvent) => {
    const position = tabs.findIndex((candidate) => candidate.id === active);
    const next = event.key === 'ArrowRight' ? tabs[(position + 1) % tabs.length] : event.key === 'ArrowLeft' ? tabs[(position - 1 + tabs.length) % tabs.length] : undefined;
    if (!next) return;
    event.preventDefault();
    select(next.id);
    tabRefs.current[next.id]?.focus();
  };

  const chooseLayout = (choice: LayoutChoice) => {
    setLayout(choice);
    rememberLayout(document, choice);
  };

  const stylesheetHtml = useStylesheet && rendered.isSuccess ? rendered.data.html : undefined;
  const body = (): ReactNode => {
    if (active === 'source') {
      return (
        <SourceCode
          fileName={document.name}
          text={document.source.text}
          pretty={document.source.pretty}
          size={document.source.size}
          contentType={document.source.contentType}
          truncated={document.source.truncated}
          highlightLine={highlightLine}
        />
      );
    }
    if (active === 'attachments') return <AttachmentList attachments={document.attachments} />;
    const extra = extraTabs.find((candidate) => candidate.id === active);
    if (extra) return extra.render();
    return (
      <>
        {stylesheetHtml || (useStylesheet && rendered.isPending) ? <DocumentHeader document={document} /> : null}
        {document.problem ? (
          <Alert tone="warning" title={t('viewer.problem.title')}>
            <p>{document.problem}</p>
            <p>{t('viewer.problem.hint')}</p>
          </Alert>
        ) : null}
        {document.problem ? (
          <SourceCode fileName={document.name} text={document.source.text} pretty={document.source.pretty} size={document.source.size} contentType={document.source.contentType} truncated={document.source.truncated} />
        ) : useStylesheet && rendered.isPending ? (
          <div className="status-line status-line--pending" role="status">
            <Spinner size="md" />
            <span>{t('viewer.layoutChoice.rendering')}</span>
          </div>
        ) : stylesheetHtml ? (
          <>
            <SandboxedFrame html={stylesheetHtml} title={t('viewer.layoutChoice.frameTitle', { stylesheet: t(`viewer.layoutChoice.${layout}`) })} />
            {document.verification ? <VerificationCode code={document.verification} /> : null}
          </>
        ) : (
          <>
            {useStylesheet && rendered.isError ? (
              <Alert tone="info" title={t('viewer.layoutChoice.failed')}>
                <p className="alert__detail">{describeError(t, rendered.error).summary}</p>
              </Alert>
            ) : null}
            <div ref={layoutRef} className="viewer__layout">
              <DocumentHeader document={document} />
              {document.ubl ? isPostAward(document.ubl) ? <PostAwardView document={document.ubl} /> : <DocumentView type={inbox?.type} uuid={inbox?.uuid} document={document.ubl} /> : null}
              {document.layout ? <SchemaLayoutView layout={document.layout} /> : null}
              {document.verification ? <VerificationCode code={document.verification} /> : null}
              {document.csv ? <CsvTable header={document.csv.header} rows={document.csv.rows} /> : null}
            </div>
          </>
        )}
      </>
    );
  };

  return (
    <div className="viewer__document">
      <div className="viewer__toolbar">
        <span className="badge badge--muted viewer__format">{document.formatLabel}</span>
        {document.stylesheets.length > 0 ? (
          <label className="viewer__layout-choice">
            <span>{t('viewer.layoutChoice.label')}</span>
            <select className="input" value={layout} onChange={(event) => chooseLayout(event.target.value as LayoutChoice)}>
              {document.stylesheets.map((id) => (
                <option key={id} value={id}>
                  {t(`viewer.layoutChoice.${id}`)}
                </option>
              ))}
              <option value="own">{t('viewer.layoutChoice.own')}</option>
              {(document.unavailableStylesheets ?? []).map(({ id }) => (
                <option key={id} value={id} disabled>
                  {t('viewer.layoutChoice.unavailable', { stylesheet: t(`viewer.layoutChoice.${id}`) })}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <span className="spacer" />
        <ViewerActions document={document} stylesheetHtml={stylesheetHtml} layoutElement={() => layoutRef.current} />
      </div>
      {document.stylesheets.length > 0 && document.unavailableStylesheets?.length ? (
        <p className="viewer__unavailable">
          {document.unavailableStylesheets.map(({ id, reason }) => t(`viewer.layoutChoice.unavailableReason.${reason}`, { stylesheet: t(`viewer.layoutChoice.${id}`) })).join(' ')}
        </p>
      ) : null}
      {checkState ? (
        <CheckPanel
          state={checkState}
          onRun={validation ? undefined : checker.start}
          onCancel={checker.cancel}
          selected={selectedIssue}
          onShowPlace={showPlace}
          onShowLine={showLine}
          note={placeNote}
        />
      ) : null}
      <div className="doc-pane__tabs viewer__tabs" role="tablist" aria-label={t('viewer.view.views')} onKeyDown={onTabKey}>
        {tabs.map((candidate) => (
          <button
            key={candidate.id}
            ref={(element) => {
              tabRefs.current[candidate.id] = element;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${candidate.id}`}
            aria-selected={candidate.id === active}
            aria-controls={`${baseId}-panel`}
            tabIndex={candidate.id === active ? 0 : -1}
            className="doc-pane__tab"
            onClick={() => select(candidate.id)}
          >
            <DocIcon name={candidate.icon} />
            {candidate.label}
          </button>
        ))}
      </div>
      <div className={`doc-pane__body doc-pane__body--${active} viewer__body`} role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-tab-${active}`} tabIndex={0}>
        {body()}
      </div>
    </div>
  );
}

export type { CoreTab };

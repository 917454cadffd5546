import { useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentRecord, SendableDocumentType } from '../../../../../shared/contract/documents';
import type { AppError } from '../../../../../shared/contract/errors';
import type { LocalValidation } from '../../../../../shared/contract/standards';
import { bridge } from '../../../bridge';
import { useBridgeQuery } from '../../../bridge/queries';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { SelectField } from '../../../components/Field';
import { Modal } from '../../../components/Modal';
import { describeError } from '../../../i18n/errors';
import { DocIcon } from '../DocIcon';
import { isSendable, typeKey } from '../model/document-types';
import { formatBytes } from '../model/format';
import { sniffRoot, type SniffedRoot } from '../model/sniff-root';
import { violationsOf } from '../model/violations';
import { ValidationReport } from '../../validation/ValidationReport';
import { DocumentViewer } from '../../viewer/DocumentViewer';
import { readViewerFile } from '../../viewer/read-file';
import { MAX_SEND_BYTES, readAsBase64 } from './read-file';

interface SendDocumentDialogProps {
  /** Preselected type (the inbox tab), until the file says otherwise. */
  defaultType: SendableDocumentType;
  onClose(): void;
  onOpen(record: DocumentRecord): void;
}

interface ChosenFile {
  file: File;
  sniffed: SniffedRoot | null;
}

type Outcome = { kind: 'accepted'; record: DocumentRecord; validationRule: string | null } | { kind: 'refused'; error: AppError };

/** The local check with the official rules, run as soon as a file is chosen (and again when the rule set changes). */
type LocalCheck =
  | { status: 'checking' }
  | { status: 'done'; result: LocalValidation; text: string }
  | { status: 'failed'; error: AppError };

const HEAD_BYTES = 64 * 1024;

/** Sends an invoice or credit note (UBL XML or its JSON transposition) and shows what the service said. */
export function SendDocumentDialog({ defaultType, onClose, onOpen }: SendDocumentDialogProps) {
  const { t, i18n } = useTranslation();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<ChosenFile | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [type, setType] = useState<SendableDocumentType>(defaultType);
  const [rule, setRule] = useState('');
  const [dragging, setDragging] = useState(false);
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const rules = useBridgeQuery('validationRules.list', undefined, { staleTime: Infinity });
  const [check, setCheck] = useState<LocalCheck | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [viewing, setViewing] = useState(false);
  const checkRun = useRef(0);

  /** Validates locally with the official rules; a newer file or rule set supersedes a check under way. */
  const runCheck = async (file: File, ruleSet: string) => {
    const run = ++checkRun.current;
    setCheck({ status: 'checking' });
    setConfirming(false);
    try {
      const [base64, text] = await Promise.all([readAsBase64(file), file.text()]);
      const result = await bridge.invoke('standards.validate', { file: { kind: 'bytes', name: file.name, base64 }, ...(ruleSet ? { ruleSet } : {}) });
      if (run === checkRun.current) setCheck({ status: 'done', result, text });
    } catch (error) {
      if (run === checkRun.current) setCheck({ status: 'failed', error: error as AppError });
    }
  };

  const typeWord = (value: SendableDocumentType, form: 'one' | 'many' = 'one') => t(`documents.types.${typeKey[value]}.${form}`);
  const rulesForType = (rules.data ?? []).filter((candidate) => candidate.documentTypes.includes(type));

  const pick = async (file: File | undefined) => {
    setViewing(false);
    setOutcome(null);
    setFileError(null);
    setChosen(null);
    checkRun.current += 1;
    setCheck(null);
    if (!file) return;
    const size = formatBytes(i18n.language, file.size);
    if (file.size > MAX_SEND_BYTES) {
      setFileError(t('documents.send.tooLarge', { name: file.name, size, max: formatBytes(i18n.language, MAX_SEND_BYTES) }));
      return;
    }
    if (file.size === 0) {
      setFileError(t('documents.send.empty', { name: file.name }));
      return;
    }
    const sniffed: SniffedRoot | null = await file
      .slice(0, HEAD_BYTES)
      .text()
      .then(sniffRoot, () => null);
    if (sniffed?.type && !isSendable(sniffed.type)) {
      setFileError(t('documents.send.notSendable', { name: file.name, root: sniffed.rootName }));
      return;
    }
    const detectedType = sniffed?.type && isSendable(sniffed.type) ? sniffed.type : null;
    if (detectedType) setType(detectedType);
    setChosen({ file, sniffed });
    const keepRule = detectedType === null || detectedType === type;
    if (!keepRule) setRule('');
    void runCheck(file, keepRule ? rule : '');
  };

  const send = async (confirmed = false) => {
    if (!chosen) {
      setFileError(t('documents.send.chooseFirst'));
      return;
    }
    if (!confirmed && check?.status === 'done' && !check.result.valid) {
      setConfirming(true);
      return;
    }
    setConfirming(false);
    setSending(true);
    setOutcome(null);
    try {
      const base64 = await readAsBase64(chosen.file);
      const result = await bridge.invoke('documents.send', {
        type,
        file: { kind: 'bytes', name: chosen.file.name, base64 },
        ...(rule ? { validationRule: rule } : {}),
      });
      setOutcome({ kind: 'accepted', record: result.record, validationRule: result.validationRule });
    } catch (error) {
      setOutcome({ kind: 'refused', error: error as AppError });
    } finally {
      setSending(false);
    }
  };

  const reset = () => {
    checkRun.current += 1;
    setCheck(null);
    setChosen(null);
    setOutcome(null);
    setFileError(null);
    if (inputRef.current) inputRef.current.value = '';
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void pick(event.dataTransfer.files[0]);
  };

  const detected = chosen?.sniffed?.type && isSendable(chosen.sniffed.type) ? chosen.sniffed.type : null;

  return (
    <Modal title={t('documents.send.title')} onEscape={sending ? undefined : onClose} size="md">
      <p className="modal__text">{t('documents.send.intro')}</p>
      <div
        className={`send-drop${dragging ? ' send-drop--active' : ''}${chosen ? ' send-drop--chosen' : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          event.dataTransfer.dropEffect = 'copy';
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <DocIcon name="file" size={22} className="icon send-drop__icon" />
        {chosen ? (
          <div className="send-drop__file">
            <span className="send-drop__name">{chosen.file.name}</span>
            <span className="send-drop__meta">
              {formatBytes(i18n.language, chosen.file.size)}
              {chosen.sniffed ? ` · ${t('documents.send.rootFound', { root: chosen.sniffed.rootName, format: chosen.sniffed.format.toUpperCase() })}` : ''}
            </span>
          </div>
        ) : (
          <div className="send-drop__file">
            <span className="send-drop__name">{t('documents.send.dropHere')}</span>
            <span className="send-drop__meta">{t('documents.send.dropHint')}</span>
          </div>
        )}
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          className="visually-hidden"
          accept=".xml,.json,application/xml,text/xml,application/json"
          aria-label={t('documents.send.file')}
          onChange={(event) => void pick(event.target.files?.[0])}
        />
        <Button size="sm" onClick={() => inputRef.current?.click()} disabled={sending}>
          {chosen ? t('documents.send.chooseOther') : t('documents.send.choose')}
        </Button>
      </div>
      {fileError ? (
        <Alert tone="error" title={t('documents.send.fileProblem')}>
          <p>{fileError}</p>
        </Alert>
      ) : null}
      {chosen && !chosen.sniffed ? (
        <Alert tone="warning" live={false}>
          <p>{t('documents.send.unknownRoot')}</p>
        </Alert>
      ) : null}

      <div className="form-grid send-form">
        <SelectField
          label={t('documents.send.type')}
          value={type}
          hint={detected ? t('documents.send.detected', { type: typeWord(detected) }) : undefined}
          onChange={(event) => {
            setType(event.target.value as SendableDocumentType);
            setRule('');
            if (chosen) void runCheck(chosen.file, '');
          }}
        >
          <option value="invoice">{t('documents.types.invoice.title')}</option>
          <option value="credit-note">{t('documents.types.creditNote.title')}</option>
        </SelectField>
        <SelectField
          label={t('documents.send.rule')}
          value={rule}
          hint={rules.isError ? t('documents.send.rulesFailed') : t('documents.send.ruleHint')}
          onChange={(event) => {
            setRule(event.target.value);
            if (chosen) void runCheck(chosen.file, event.target.value);
          }}
        >
          <option value="">{t('documents.send.autodetect')}</option>
          {rulesForType.map((candidate) => (
            <option key={candidate.code} value={candidate.code}>
              {candidate.latest ? t('documents.send.ruleLatest', { name: candidate.name, code: candidate.code }) : t('documents.send.ruleOption', { name: candidate.name, code: candidate.code })}
            </option>
          ))}
        </SelectField>
      </div>

      {check?.status === 'checking' ? (
        <p className="validation__meta" role="status">
          {t('validation.checking')}
        </p>
      ) : null}
      {check?.status === 'failed' ? <ErrorAlert error={check.error} title={t('validation.checkFailed')} /> : null}
      {check?.status === 'done' && !outcome ? (
        <>
          {viewing ? null : <ValidationReport result={check.result} sourceText={check.text} />}
          {chosen && !viewing ? (
            <p className="send-form__show">
              <Button size="sm" variant="secondary" onClick={() => setViewing(true)}>
                <DocIcon name="list" />
                {t('viewer.validation.showOnDocument')}
              </Button>
            </p>
          ) : null}
          {chosen && viewing ? (
            // In the dialog, not a dialog over it: the findings beside the layout and the source.
            <div className="send-form__viewer">
              <DocumentViewer
                fileKey={['send', chosen.file.name, chosen.file.size, chosen.file.lastModified]}
                load={() => readViewerFile(chosen.file)}
                validation={check.result}
              />
            </div>
          ) : null}
        </>
      ) : null}
      {confirming && check?.status === 'done' ? (
        <Alert
          tone="warning"
          title={t('validation.confirmSend.title')}
          actions={
            <>
              <Button size="sm" variant="danger" onClick={() => void send(true)}>
                {t('validation.confirmSend.sendAnyway')}
              </Button>
              <Button size="sm" onClick={() => setConfirming(false)}>
                {t('common.cancel')}
              </Button>
            </>
          }
        >
          <p>{t('validation.confirmSend.body', { count: check.result.fatal.length })}</p>
        </Alert>
      ) : null}

      {outcome?.kind === 'accepted' ? (
        <Alert
          tone="success"
          title={t('documents.send.accepted', { type: typeWord(outcome.record.type === 'credit-note' ? 'credit-note' : 'invoice'), number: outcome.record.number })}
          actions={
            <>
              <Button size="sm" variant="primary" onClick={() => onOpen(outcome.record)}>
                {t('documents.send.open')}
              </Button>
              <Button size="sm" onClick={reset}>
                {t('documents.send.another')}
              </Button>
            </>
          }
        >
          <p>{outcome.validationRule ? t('documents.send.validatedWith', { rule: outcome.validationRule }) : t('documents.send.validatedAuto')}</p>
        </Alert>
      ) : null}
      {outcome?.kind === 'refused' ? <Refusal error={outcome.error} type={typeWord(type)} /> : null}

      <div className="modal__actions">
        <Button variant="ghost" onClick={onClose} disabled={sending}>
          {outcome?.kind === 'accepted' ? t('common.close') : t('common.cancel')}
        </Button>
        <Button variant="primary" onClick={() => void send()} pending={sending} disabled={!chosen || outcome?.kind === 'accepted'}>
          <DocIcon name="send" />
          {t('documents.send.submit')}
        </Button>
      </div>
    </Modal>
  );
}

/** What the service refused: the rule violations when there are some, else the error itself. */
function Refusal({ error, type }: { error: AppError; type: string }) {
  const { t } = useTranslation();
  const violations = violationsOf(error);
  if (violations.length === 0) return <ErrorAlert error={error} title={t('documents.send.refused', { type })} />;
  const { detail } = describeError(t, error);
  return (
    <div className="violations" role="alert">
      <p className="violations__title">{t('documents.send.refused', { type })}</p>
      {detail ? <p className="violations__summary">{detail}</p> : null}
      <div className="doc-table-wrap">
        <table className="doc-table violations__table" aria-label={t('documents.send.violations', { count: violations.length })}>
          <thead>
            <tr>
              <th scope="col">{t('documents.send.violation.rule')}</th>
              <th scope="col">{t('documents.send.violation.location')}</th>
              <th scope="col">{t('documents.send.violation.message')}</th>
            </tr>
          </thead>
          <tbody>
            {violations.map((violation, index) => (
              <tr key={`${index}-${violation.rule}`}>
                <td className="mono violations__rule">{violation.rule}</td>
                <td className="mono violations__location">{violation.location}</td>
                <td>{violation.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

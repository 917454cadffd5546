import { useQuery } from '@tanstack/react-query';
import type { LocalValidation } from '../../../../shared/contract/standards';
import { useTranslation } from 'react-i18next';
import { bridge } from '../../bridge';
import { isInGrantedFolder, type PickedFile } from '../uploads/intake/dropped-files';
import { bytesToBase64 } from '../uploads/intake/file-ref';
import { issueWords } from './issue-words';

/**
 * At most two checks at a time: in the browser shell every bridge call holds one of the browser's
 * six connections to the core, and a big batch's checks must never queue the upload itself. The
 * limit costs nothing: the checks are schema-only (milliseconds each once the schema is loaded) and
 * the core's engine runs validations one after another anyway.
 */
const MAX_CHECKS_IN_FLIGHT = 2;
let checksInFlight = 0;
const waitingChecks: Array<() => void> = [];

async function oneAtATurn<T>(work: () => Promise<T>): Promise<T> {
  // A finished check hands its slot straight to the next waiting one, so the limit holds exactly.
  if (checksInFlight >= MAX_CHECKS_IN_FLIGHT) await new Promise<void>((resolve) => waitingChecks.push(resolve));
  else checksInFlight += 1;
  try {
    return await work();
  } finally {
    const next = waitingChecks.shift();
    if (next) next();
    else checksInFlight -= 1;
  }
}

/**
 * The schema check of one batch file (FatturaPA and KSeF XML): one query per file, shared by its row
 * note, its mark and the panel's counts.
 */
export const schemaCheckQuery = (id: string, file: PickedFile) => ({
  queryKey: ['standards.schemaCheck', id],
  enabled: /\.xml$/i.test(file.name),
  staleTime: Infinity,
  retry: false,
  queryFn: (): Promise<LocalValidation> =>
    oneAtATurn(async () => {
      // A file of a granted folder is read by the core; a file on the page is sent as its bytes.
      if (isInGrantedFolder(file)) return bridge.invoke('standards.validate', { file: { kind: 'handle', handle: file.handle, subpath: file.subpath }, schemaOnly: true });
      const base64 = bytesToBase64(new Uint8Array(await file.arrayBuffer()));
      return bridge.invoke('standards.validate', { file: { kind: 'bytes', name: file.name, base64 }, schemaOnly: true });
    }),
});

/** Whether a schema check says the service would refuse the file (FatturaPA and KSeF only: others are checked when sent). */
export const wouldBeRefused = (result: LocalValidation | undefined): boolean =>
  result !== undefined && (result.kind === 'fatturapa' || result.kind === 'ksef') && result.fatal.length > 0;

/** The schema check of a batch file, from the shared query (undefined while it runs, or for other files). */
export function useSchemaCheck(id: string, file: PickedFile): LocalValidation | undefined {
  return useQuery(schemaCheckQuery(id, file)).data;
}

/**
 * Before a batch is sent: a FatturaPA or KSeF file's verdict under its official schema ("would be
 * refused: element X, line N"). It never blocks sending; other files (UBL, CSV, ZIP…) show nothing.
 */
export function SchemaCheckNote({ id, file }: { id: string; file: PickedFile }) {
  const { t } = useTranslation();
  const isXml = /\.xml$/i.test(file.name);
  const check = useQuery(schemaCheckQuery(id, file));
  if (!isXml || check.isError) return null;
  if (check.isPending) return <Note className="batch-row__warning">{t('validation.batch.checking')}</Note>;
  const result = check.data;
  if (result.kind !== 'fatturapa' && result.kind !== 'ksef') return null;
  const schema = `${result.ruleSet.name} ${result.ruleSet.version}`;
  const first = result.fatal[0];
  if (!first) return <Note className="batch-row__warning">{t('validation.batch.valid', { schema })}</Note>;
  const words = issueWords(t, first);
  const message = first.notice ? `${words} ${t(`validation.notice.${first.notice}`)}` : words;
  return <Note className="batch-row__problems">{t('validation.batch.wouldBeRefused', { schema, message, count: result.fatal.length })}</Note>;
}

function Note({ className, children }: { className: string; children: string }) {
  return (
    <div className="batch-row__notes">
      <p className={className} role="note">
        {children}
      </p>
    </div>
  );
}

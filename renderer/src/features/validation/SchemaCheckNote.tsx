import { useQuery } from '@tanstack/react-query';
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
 * Before a batch is sent: a FatturaPA or KSeF file's verdict under its official schema ("would be
 * refused: element X, line N"). It never blocks sending; other files (UBL, CSV, ZIP…) show nothing.
 */
export function SchemaCheckNote({ id, file }: { id: string; file: PickedFile }) {
  const { t } = useTranslation();
  const isXml = /\.xml$/i.test(file.name);
  const check = useQuery({
    queryKey: ['standards.schemaCheck', id],
    enabled: isXml,
    staleTime: Infinity,
    retry: false,
    queryFn: () =>
      oneAtATurn(async () => {
        // A file of a granted folder is read by the core; a file on the page is sent as its bytes.
        if (isInGrantedFolder(file)) return bridge.invoke('standards.validate', { file: { kind: 'handle', handle: file.handle, subpath: file.subpath }, schemaOnly: true });
        const base64 = bytesToBase64(new Uint8Array(await file.arrayBuffer()));
        return bridge.invoke('standards.validate', { file: { kind: 'bytes', name: file.name, base64 }, schemaOnly: true });
      }),
  });
  if (!isXml || check.isError) return null;
  if (check.isPending) return <Note className="batch-row__warning">{t('validation.batch.checking')}</Note>;
  const result = check.data;
  if (result.kind !== 'fatturapa' && result.kind !== 'ksef') return null;
  const schema = `${result.ruleSet.name} ${result.ruleSet.version}`;
  const first = result.fatal[0];
  if (!first) return <Note className="batch-row__warning">{t('validation.batch.valid', { schema })}</Note>;
  return <Note className="batch-row__problems">{t('validation.batch.wouldBeRefused', { schema, message: issueWords(t, first), count: result.fatal.length })}</Note>;
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

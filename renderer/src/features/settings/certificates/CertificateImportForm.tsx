import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CertificateImportInput, CertificateInfo } from '../../../../../shared/contract';
import { useBridgeMutation } from '../../../bridge/queries';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { Checkbox, TextField } from '../../../components/Field';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { certificateReasonOf, fileToRef, MAX_CERTIFICATE_FILE_BYTES } from './file-bytes';
import { FileDropField } from './FileDropField';
import { describeError } from '../../../i18n/errors';

type Format = 'p12' | 'pem';

interface ImportFormProps {
  onImported: (certificate: CertificateInfo) => void;
  onCancel?: () => void;
}

type FileProblems = Partial<Record<'p12' | 'cert' | 'key', string>>;

/** Import a PKCS#12 file (with its passphrase) or a PEM certificate and key; main checks and keeps them. */
export function CertificateImportForm({ onImported, onCancel }: ImportFormProps) {
  const { t } = useTranslation();
  const [format, setFormat] = useState<Format>('p12');
  const [p12, setP12] = useState<File | null>(null);
  const [cert, setCert] = useState<File | null>(null);
  const [key, setKey] = useState<File | null>(null);
  const [passphrase, setPassphrase] = useState('');
  const [keyPassphrase, setKeyPassphrase] = useState('');
  const [allowOtherIssuer, setAllowOtherIssuer] = useState(false);
  const [problems, setProblems] = useState<FileProblems>({});
  const [reading, setReading] = useState(false);
  const importCertificate = useBridgeMutation('certificates.import', { onSuccess: onImported });
  const reason = certificateReasonOf(importCertificate.error);

  const checkFile = (file: File | null): string | undefined => {
    if (!file) return t('certificates.import.fileRequired');
    if (file.size === 0) return t('certificates.import.fileEmpty');
    if (file.size > MAX_CERTIFICATE_FILE_BYTES) return t('certificates.import.fileTooLarge');
    return undefined;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: FileProblems =
      format === 'p12' ? { p12: checkFile(p12) } : { cert: checkFile(cert), key: checkFile(key) };
    setProblems(found);
    if (Object.values(found).some(Boolean)) return;
    setReading(true);
    try {
      const input: CertificateImportInput =
        format === 'p12'
          ? { kind: 'p12', file: await fileToRef(p12!), passphrase, allowOtherIssuer }
          : {
              kind: 'pem',
              cert: await fileToRef(cert!),
              key: await fileToRef(key!),
              ...(keyPassphrase === '' ? {} : { keyPassphrase }),
              allowOtherIssuer,
            };
      importCertificate.mutate(input);
    } catch {
      setProblems(format === 'p12' ? { p12: t('certificates.import.fileUnreadable') } : { cert: t('certificates.import.fileUnreadable') });
    } finally {
      setReading(false);
    }
  };

  const changed = <T,>(set: (value: T) => void) => (value: T) => {
    set(value);
    importCertificate.reset();
  };

  return (
    <form className="cert-import" onSubmit={(event) => void submit(event)} noValidate aria-label={t('certificates.import.title')}>
      <fieldset className="fieldset">
        <legend className="fieldset__legend">{t('certificates.import.format')}</legend>
        <div className="segmented" role="radiogroup" aria-label={t('certificates.import.format')}>
          {(['p12', 'pem'] as const).map((value) => (
            <label key={value} className={`segmented__option${format === value ? ' segmented__option--checked' : ''}`}>
              <input
                type="radio"
                name="certificate-format"
                value={value}
                checked={format === value}
                onChange={() => {
                  setFormat(value);
                  setProblems({});
                  importCertificate.reset();
                }}
              />
              {t(`certificates.import.formats.${value}`)}
            </label>
          ))}
        </div>
      </fieldset>

      {format === 'p12' ? (
        <div className="cert-import__fields">
          <FileDropField
            label={t('certificates.import.p12File')}
            accept=".p12,.pfx,application/x-pkcs12"
            file={p12}
            onFile={changed(setP12)}
            hint={t('certificates.import.p12Hint')}
            error={problems.p12}
          />
          <TextField
            label={t('certificates.import.passphrase')}
            type="password"
            autoComplete="off"
            value={passphrase}
            onChange={(event) => changed(setPassphrase)(event.target.value)}
            hint={t('certificates.import.passphraseHint')}
            error={reason === 'wrong_passphrase' ? t('certificates.reasons.wrong_passphrase.title') : undefined}
          />
        </div>
      ) : (
        <div className="cert-import__fields">
          <FileDropField
            label={t('certificates.import.certFile')}
            accept=".pem,.crt,.cer,.der"
            file={cert}
            onFile={changed(setCert)}
            error={problems.cert}
          />
          <FileDropField
            label={t('certificates.import.keyFile')}
            accept=".pem,.key"
            file={key}
            onFile={changed(setKey)}
            hint={t('certificates.import.keyHint')}
            error={problems.key}
          />
          <TextField
            label={t('certificates.import.keyPassphrase')}
            type="password"
            autoComplete="off"
            value={keyPassphrase}
            onChange={(event) => changed(setKeyPassphrase)(event.target.value)}
            hint={t('certificates.import.keyPassphraseHint')}
            error={reason === 'wrong_passphrase' || reason === 'key_passphrase_required' ? t(`certificates.reasons.${reason}.title`) : undefined}
          />
        </div>
      )}

      {importCertificate.isError ? (
        reason ? (
          <Alert tone="error" title={t(`certificates.reasons.${reason}.title`)}>
            <p>{t(`certificates.reasons.${reason}.body`)}</p>
            <p className="alert__detail">{t('common.detail', { message: describeError(t, importCertificate.error).summary })}</p>
          </Alert>
        ) : (
          <ErrorAlert error={importCertificate.error} title={t('certificates.import.failed')} />
        )
      ) : null}

      {reason === 'other_issuer' || allowOtherIssuer ? (
        <Checkbox
          label={t('certificates.import.allowOtherIssuer')}
          hint={t('certificates.import.allowOtherIssuerHint')}
          checked={allowOtherIssuer}
          onChange={(event) => setAllowOtherIssuer(event.target.checked)}
        />
      ) : null}

      <p className="cert-import__note">{t('certificates.import.keyStaysNote')}</p>

      <div className="cert-import__actions">
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
        ) : null}
        <Button type="submit" variant="primary" icon="lock" pending={reading || importCertificate.isPending}>
          {t('certificates.import.submit')}
        </Button>
      </div>
    </form>
  );
}

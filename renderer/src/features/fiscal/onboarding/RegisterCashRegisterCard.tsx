import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Pem } from '../../../../../shared/contract';
import { bridgeKeys, useBridgeMutation, useBridgeQuery } from '../../../bridge/queries';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { Checkbox, TextField } from '../../../components/Field';
import { formatDate } from '../../../format';
import { useCertificate } from '../fiscal-queries';
import { Card } from '../ui';
import { isPlacedAtField, serverFieldMessages } from './form-errors';

const REGISTRABLE: ReadonlyArray<Pem['status']> = ['activated', 'online', 'offline'];

/**
 * MF1 cash register registration. The service answers with the cash register's certificate and
 * private key; main imports them into this profile's encrypted store in the same call, so the key
 * never reaches this page.
 */
export function RegisterCashRegisterCard({ pem, allowed }: { pem: Pem; allowed: boolean }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const current = useCertificate();
  // One cash register per PEM: once it has one, the card shows it instead of the form.
  const registers = useBridgeQuery('cashRegisters.list', { page: 1, size: 100 });
  const [name, setName] = useState('');
  const [importCertificate, setImportCertificate] = useState(true);
  const [submitted, setSubmitted] = useState(false);
  const register = useBridgeMutation('cashRegisters.register', {
    onSuccess: (result) => {
      queryClient.setQueryData(bridgeKeys.call('certificates.get'), result.certificate ?? current.data ?? null);
      void queryClient.invalidateQueries({ queryKey: bridgeKeys.channel('cashRegisters.list') });
      void queryClient.invalidateQueries({ queryKey: bridgeKeys.channel('cashRegister.me') });
      void queryClient.invalidateQueries({ queryKey: bridgeKeys.channel('pems.list') });
      setName('');
      setSubmitted(false);
    },
  });
  const server = serverFieldMessages(register.error, t);
  const nameError = (submitted && name.trim() === '' ? t('fiscal.onboarding.invalid.cashRegisterName') : undefined) ?? server.name;
  const canRegister = REGISTRABLE.includes(pem.status);
  const done = register.data;
  const existing = registers.data?.items.find((candidate) => candidate.pemSerialNumber === pem.serialNumber);
  const replaced = current.data && current.data.pemSerialNumber !== null ? current.data.pemSerialNumber : null;
  return (
    <Card title={t('fiscal.onboarding.cashRegister.title')} description={t('fiscal.onboarding.cashRegister.description')}>
      {done ? (
        <Alert tone="success" live>
          <p>
            {done.certificate
              ? t('fiscal.onboarding.cashRegister.registeredImported', { name: done.cashRegister.name, validTo: formatDate(i18n.language, done.certificate.validTo) })
              : t('fiscal.onboarding.cashRegister.registered', { name: done.cashRegister.name, serial: done.cashRegister.pemSerialNumber })}
          </p>
          {done.certificate?.expiresSoon ? <p>{t('fiscal.onboarding.cashRegister.expiresSoon', { days: String(done.certificate.daysLeft) })}</p> : null}
        </Alert>
      ) : null}
      {done ? null : existing ? (
        <Alert tone="success" live={false}>
          {t('fiscal.onboarding.cashRegister.existing', { name: existing.name })}
        </Alert>
      ) : !canRegister ? (
        <Alert tone="info" live={false}>
          {t('fiscal.onboarding.cashRegister.notActivated')}
        </Alert>
      ) : (
        <form
          className="onboarding-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            setSubmitted(true);
            if (allowed && name.trim() !== '') register.mutate({ serialNumber: pem.serialNumber, name: name.trim(), importCertificate });
          }}
        >
          {!allowed ? <Alert tone="info" live={false}>{t('fiscal.onboarding.roles.merchantOrSupplier')}</Alert> : null}
          <TextField
            label={t('fiscal.onboarding.cashRegister.name')}
            hint={t('fiscal.onboarding.cashRegister.nameHint')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={nameError ?? server.serialNumber}
            disabled={!allowed}
          />
          <Checkbox
            label={t('fiscal.onboarding.cashRegister.importCertificate')}
            hint={importCertificate && replaced ? t('fiscal.onboarding.cashRegister.replaces', { pem: replaced }) : t('fiscal.onboarding.cashRegister.importHint')}
            checked={importCertificate}
            onChange={(event) => setImportCertificate(event.target.checked)}
            disabled={!allowed}
          />
          {register.error && !isPlacedAtField(register.error, ['name', 'serialNumber']) ? (
            <ErrorAlert error={register.error} title={t('fiscal.onboarding.cashRegister.failed')} />
          ) : null}
          <div className="onboarding-form__actions">
            <Button type="submit" variant="primary" pending={register.isPending} disabled={!allowed}>
              {t('fiscal.onboarding.cashRegister.register')}
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}

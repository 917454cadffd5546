import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Pem } from '../../../../../shared/contract';
import { bridgeKeys, useBridgeMutation } from '../../../bridge/queries';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { TextField } from '../../../components/Field';
import { showToast } from '../../../components/toast-store';
import { useJournal } from '../fiscal-queries';
import { Card } from '../ui';
import { isPlacedAtField, serverFieldMessages } from './form-errors';

export const ACTIVATABLE: ReadonlyArray<Pem['status']> = ['new', 'registered'];

/** MF1 activation with the registration key (prefilled right after the PEM was created here). */
export function ActivationCard({ pem, initialKey, allowed }: { pem: Pem; initialKey: string; allowed: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const canActivate = ACTIVATABLE.includes(pem.status);
  // Until the PEM is activated, MF1 still gives its registration key: filled in when not carried here.
  const journal = useJournal(pem.serialNumber, canActivate && initialKey === '');
  const [typed, setTyped] = useState<string | null>(null);
  const key = typed ?? (initialKey || journal.data?.registrationKey || '');
  const setKey = setTyped;
  const [submitted, setSubmitted] = useState(false);
  const activate = useBridgeMutation('pems.activate', {
    onSuccess: (updated) => {
      queryClient.setQueryData(bridgeKeys.call('pems.get', { serialNumber: updated.serialNumber }), updated);
      void queryClient.invalidateQueries({ queryKey: bridgeKeys.channel('pems.list') });
      showToast({ tone: 'success', title: (t) => t('fiscal.onboarding.activation.activated', { serial: updated.serialNumber }), timeoutMs: 6000 });
    },
  });
  const server = serverFieldMessages(activate.error, t);
  const keyError = (submitted && key.trim() === '' ? t('fiscal.onboarding.invalid.registrationKey') : undefined) ?? server.registrationKey ?? server.serialNumber;
  return (
    <Card title={t('fiscal.onboarding.activation.title')} description={t('fiscal.onboarding.activation.description')}>
      {!canActivate ? (
        <Alert tone={pem.status === 'discarded' || pem.status === 'error' ? 'warning' : 'success'} live={false}>
          {pem.status === 'discarded' || pem.status === 'error'
            ? t('fiscal.onboarding.activation.notNeeded', { status: t(`fiscal.pemStatus.${pem.status}`) })
            : t('fiscal.onboarding.activation.done')}
        </Alert>
      ) : (
        <form
          className="onboarding-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            setSubmitted(true);
            if (allowed && key.trim() !== '') activate.mutate({ serialNumber: pem.serialNumber, registrationKey: key.trim() });
          }}
        >
          {!allowed ? <Alert tone="info" live={false}>{t('fiscal.onboarding.roles.merchantOrSupplier')}</Alert> : null}
          <TextField
            label={t('fiscal.onboarding.pem.registrationKey')}
            value={key}
            onChange={(event) => setKey(event.target.value)}
            error={keyError}
            autoComplete="off"
            spellCheck={false}
            className="input--mono"
            disabled={!allowed}
          />
          {activate.error && !isPlacedAtField(activate.error, ['registrationKey', 'serialNumber']) ? (
            <ErrorAlert error={activate.error} title={t('fiscal.onboarding.activation.failed')} />
          ) : null}
          <div className="onboarding-form__actions">
            <Button type="submit" variant="primary" pending={activate.isPending} disabled={!allowed}>
              {t('fiscal.onboarding.activation.activate')}
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}

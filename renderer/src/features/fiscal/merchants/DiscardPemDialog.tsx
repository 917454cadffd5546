import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Pem } from '../../../../../shared/contract';
import { bridgeKeys, useBridgeMutation } from '../../../bridge/queries';
import { TextField } from '../../../components/Field';
import { showToast } from '../../../components/toast-store';
import { invalidateForPem } from '../fiscal-queries';
import { ConfirmDialog } from '../ui';

/** Discarding a PEM cannot be undone: the Discard button waits for the serial number typed again. */
export function DiscardPemDialog({ pem, onClose }: { pem: Pem; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState('');
  const discard = useBridgeMutation('pems.discard', {
    onSuccess: (updated) => {
      queryClient.setQueryData(bridgeKeys.call('pems.get', { serialNumber: updated.serialNumber }), updated);
      void queryClient.invalidateQueries({ queryKey: bridgeKeys.channel('pems.list') });
      invalidateForPem(queryClient, ['pems.journal'], updated.serialNumber);
      showToast({ tone: 'success', title: (t) => t('fiscal.discard.done', { serial: updated.serialNumber }), timeoutMs: 6000 });
      onClose();
    },
  });
  const matches = typed.trim() === pem.serialNumber;
  return (
    <ConfirmDialog
      title={t('fiscal.discard.title', { serial: pem.serialNumber })}
      confirmLabel={t('fiscal.discard.confirm')}
      danger
      canConfirm={matches}
      pending={discard.isPending}
      error={discard.error}
      onCancel={onClose}
      onConfirm={() => matches && discard.mutate({ serialNumber: pem.serialNumber, confirmation: typed.trim() })}
    >
      <p>{t('fiscal.discard.body', { serial: pem.serialNumber, name: pem.cashRegisterName ?? t('fiscal.cashRegister.unnamed') })}</p>
      <ul className="fiscal-dialog__list">
        <li>{t('fiscal.discard.effectIssue')}</li>
        <li>{t('fiscal.discard.effectReports')}</li>
        <li>{t('fiscal.discard.effectFinal')}</li>
      </ul>
      <TextField
        label={t('fiscal.discard.typeLabel', { serial: pem.serialNumber })}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        autoComplete="off"
        spellCheck={false}
        className="input--mono"
        hint={typed !== '' && !matches ? t('fiscal.discard.mismatch') : undefined}
      />
    </ConfirmDialog>
  );
}

import './onboarding.css';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Merchant } from '../../../../../shared/contract';
import { pemCreateInputSchema, type PemCreated } from '../../../../../shared/contract/fiscal-onboarding';
import { bridgeKeys, useBridgeMutation } from '../../../bridge/queries';
import { Button } from '../../../components/Button';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { Checkbox, TextField } from '../../../components/Field';
import { Modal } from '../../../components/Modal';
import { AddressFields, addressErrors, emptyAddress } from './AddressFields';
import { schemaProblems, serverFieldMessages, type InvalidKey } from './form-errors';

export const pemSetupPath = (serial: string) => `/fiscal/pems/${encodeURIComponent(serial)}/setup`;

const invalidKey = (path: string, code: string): InvalidKey | null => {
  if (code === 'too_big') return 'tooLong';
  const last = path.split('.').pop() ?? '';
  return (['streetAddress', 'zipCode', 'city', 'province'] as const).find((key) => key === last) ?? null;
};

function Created({ created, onClose }: { created: PemCreated; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const activateRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal title={t('fiscal.onboarding.pem.created', { serial: created.serialNumber })} onEscape={onClose} initialFocus={activateRef} size="md">
      <p>{t('fiscal.onboarding.pem.createdBody')}</p>
      <dl className="onboarding-facts">
        <dt>{t('fiscal.pems.serial')}</dt>
        <dd className="mono">{created.serialNumber}</dd>
        <dt>{t('fiscal.onboarding.pem.registrationKey')}</dt>
        <dd className="mono" data-testid="registration-key">
          {created.registrationKey}
        </dd>
      </dl>
      <div className="modal__actions">
        <button type="button" className="btn btn--ghost btn--md" onClick={onClose}>
          {t('fiscal.onboarding.pem.later')}
        </button>
        <button
          ref={activateRef}
          type="button"
          className="btn btn--primary btn--md"
          onClick={() => {
            onClose();
            void navigate(pemSetupPath(created.serialNumber), { state: { registrationKey: created.registrationKey } });
          }}
        >
          {t('fiscal.onboarding.pem.activateNow')}
        </button>
      </div>
    </Modal>
  );
}

/** MF2 PEM creation for a merchant; the answer's registration key is shown once, with a way to activate now. */
export function AddPemDialog({ merchant, onClose }: { merchant: Merchant; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [receiptHeader, setReceiptHeader] = useState('');
  const [ownAddress, setOwnAddress] = useState(false);
  const [address, setAddress] = useState(emptyAddress);
  const [submitted, setSubmitted] = useState(false);
  const create = useBridgeMutation('pems.create', {
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: bridgeKeys.call('pems.list', { merchantUuid: merchant.uuid }) }),
  });
  if (create.data) return <Created created={create.data} onClose={onClose} />;

  const input = { merchantUuid: merchant.uuid, receiptHeader: receiptHeader.trim() || undefined, address: ownAddress ? address : undefined };
  const problems = schemaProblems(pemCreateInputSchema, input, invalidKey);
  const server = serverFieldMessages(create.error, t);
  const errors = Object.fromEntries(
    ['address.streetAddress', 'address.zipCode', 'address.city', 'address.province'].map((path) => [
      path,
      (submitted && problems[path] ? t(`fiscal.onboarding.invalid.${problems[path]}`) : undefined) ?? server[path],
    ]),
  );
  return (
    <Modal title={t('fiscal.onboarding.pem.addTitle', { name: merchant.displayName })} onEscape={create.isPending ? undefined : onClose} size="lg">
      <form
        className="onboarding-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setSubmitted(true);
          if (Object.keys(problems).length === 0) create.mutate(input);
        }}
      >
        <p>{t('fiscal.onboarding.pem.addBody')}</p>
        <TextField label={t('fiscal.onboarding.pem.receiptHeader')} value={receiptHeader} onChange={(event) => setReceiptHeader(event.target.value)} error={server.receiptHeader} />
        <Checkbox label={t('fiscal.onboarding.pem.ownAddress')} checked={ownAddress} onChange={(event) => setOwnAddress(event.target.checked)} />
        {ownAddress ? <AddressFields value={address} onChange={setAddress} errors={addressErrors(errors)} /> : null}
        {create.error ? <ErrorAlert error={create.error} title={t('fiscal.onboarding.pem.createFailed')} /> : null}
        <div className="modal__actions">
          <button type="button" className="btn btn--ghost btn--md" onClick={onClose} disabled={create.isPending}>
            {t('common.cancel')}
          </button>
          <Button type="submit" variant="primary" pending={create.isPending}>
            {t('fiscal.onboarding.pem.create')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

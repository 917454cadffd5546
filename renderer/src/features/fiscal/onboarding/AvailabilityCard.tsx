import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Pem } from '../../../../../shared/contract';
import { bridgeKeys, useBridgeMutation } from '../../../bridge/queries';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { TextAreaField, TextField } from '../../../components/Field';
import { showToast } from '../../../components/toast-store';
import { Card, ConfirmDialog } from '../ui';
import { isPlacedAtField, serverFieldMessages, type InvalidKey } from './form-errors';

const ACTIVE: ReadonlyArray<Pem['status']> = ['activated', 'online', 'offline'];

/** `datetime-local` text (this computer's time) as an instant, or null. */
const instantOf = (local: string): Date | null => {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(local)) return null;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? null : date;
};

export function offlineProblems(since: string, reason: string, now: number): { timestamp?: InvalidKey; reason?: InvalidKey } {
  const instant = instantOf(since);
  return {
    ...(instant === null ? { timestamp: 'timestamp' as const } : instant.getTime() > now ? { timestamp: 'future' as const } : {}),
    ...(reason.trim() === '' ? { reason: 'reason' as const } : reason.trim().length > 1000 ? { reason: 'tooLong' as const } : {}),
  };
}

/** MF1 inactivity (from now on, after a confirmation) and offline communication (since when, why). */
export function AvailabilityCard({ pem, allowed }: { pem: Pem; allowed: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [since, setSince] = useState('');
  const [reason, setReason] = useState('');
  /** When the form was last sent: the offline start is checked against that moment. */
  const [checkedAt, setCheckedAt] = useState<number | null>(null);
  const submitted = checkedAt !== null;
  const updated = (next: Pem) => {
    queryClient.setQueryData(bridgeKeys.call('pems.get', { serialNumber: next.serialNumber }), next);
    void queryClient.invalidateQueries({ queryKey: bridgeKeys.channel('pems.list') });
  };
  const inactive = useBridgeMutation('pems.markInactive', {
    onSuccess: (next) => {
      updated(next);
      setConfirming(false);
      showToast({ tone: 'success', title: (t) => t('fiscal.onboarding.availability.inactiveDone', { serial: next.serialNumber }), timeoutMs: 6000 });
    },
  });
  const offline = useBridgeMutation('pems.reportOffline', {
    onSuccess: (next) => {
      updated(next);
      setSince('');
      setReason('');
      setCheckedAt(null);
      showToast({ tone: 'success', title: (t) => t('fiscal.onboarding.availability.reported', { serial: next.serialNumber }), timeoutMs: 6000 });
    },
  });
  if (!ACTIVE.includes(pem.status)) {
    return (
      <Card title={t('fiscal.onboarding.availability.title')} description={t('fiscal.onboarding.availability.description')}>
        <Alert tone="info" live={false}>
          {t('fiscal.onboarding.availability.notActive', { status: t(`fiscal.pemStatus.${pem.status}`) })}
        </Alert>
      </Card>
    );
  }
  const problems = offlineProblems(since, reason, checkedAt ?? Number.POSITIVE_INFINITY);
  const server = serverFieldMessages(offline.error, t);
  const sinceError = (submitted && problems.timestamp ? t(`fiscal.onboarding.invalid.${problems.timestamp}`) : undefined) ?? server.timestamp ?? server.serialNumber;
  const reasonError = (submitted && problems.reason ? t(`fiscal.onboarding.invalid.${problems.reason}`) : undefined) ?? server.reason;
  return (
    <Card
      title={t('fiscal.onboarding.availability.title')}
      description={t('fiscal.onboarding.availability.description')}
      actions={
        <Button variant="danger" size="sm" onClick={() => setConfirming(true)} disabled={!allowed}>
          {t('fiscal.onboarding.availability.markInactive')}
        </Button>
      }
    >
      {!allowed ? <Alert tone="info" live={false}>{t('fiscal.onboarding.roles.merchantOrSupplier')}</Alert> : null}
      <form
        className="onboarding-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const now = Date.now();
          setCheckedAt(now);
          const instant = instantOf(since);
          if (!allowed || !instant || Object.keys(offlineProblems(since, reason, now)).length > 0) return;
          offline.mutate({ serialNumber: pem.serialNumber, timestamp: instant.toISOString(), reason: reason.trim() });
        }}
      >
        <fieldset className="fieldset">
          <legend className="fieldset__legend">{t('fiscal.onboarding.availability.offlineLegend')}</legend>
          <TextField
            type="datetime-local"
            label={t('fiscal.onboarding.availability.offlineSince')}
            hint={t('fiscal.onboarding.availability.offlineSinceHint')}
            value={since}
            onChange={(event) => setSince(event.target.value)}
            error={sinceError}
            disabled={!allowed}
          />
          <TextAreaField
            label={t('fiscal.onboarding.availability.reason')}
            hint={t('fiscal.onboarding.availability.reasonHint')}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            error={reasonError}
            rows={2}
            disabled={!allowed}
          />
        </fieldset>
        {offline.error && !isPlacedAtField(offline.error, ['timestamp', 'reason', 'serialNumber']) ? (
          <ErrorAlert error={offline.error} title={t('fiscal.onboarding.availability.failed')} />
        ) : null}
        <div className="onboarding-form__actions">
          <Button type="submit" variant="primary" pending={offline.isPending} disabled={!allowed}>
            {t('fiscal.onboarding.availability.report')}
          </Button>
        </div>
      </form>
      {confirming ? (
        <ConfirmDialog
          title={t('fiscal.onboarding.availability.inactiveTitle', { serial: pem.serialNumber })}
          confirmLabel={t('fiscal.onboarding.availability.markInactive')}
          danger
          pending={inactive.isPending}
          error={inactive.error}
          onCancel={() => setConfirming(false)}
          onConfirm={() => inactive.mutate({ serialNumber: pem.serialNumber })}
        >
          <p>{t('fiscal.onboarding.availability.inactiveBody')}</p>
        </ConfirmDialog>
      ) : null}
    </Card>
  );
}

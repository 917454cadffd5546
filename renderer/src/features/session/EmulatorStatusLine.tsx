import { useTranslation } from 'react-i18next';
import type { EmulatorStatus } from '../../../../shared/contract';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Spinner } from '../../components/Spinner';
import { wordReason } from '../../i18n/errors';

interface EmulatorStatusLineProps {
  status: EmulatorStatus | undefined;
  onRestart: () => void;
  restarting: boolean;
}

/** The local emulator's state on the sign-in screen, with a way out when it failed. */
export function EmulatorStatusLine({ status, onRestart, restarting }: EmulatorStatusLineProps) {
  const { t } = useTranslation();
  if (!status || status.state === 'starting') {
    return (
      <p className="status-line status-line--pending" role="status">
        <Spinner /> {t('session.emulator.starting')}
      </p>
    );
  }
  if (status.state === 'running') {
    return (
      <p className="status-line status-line--ok" role="status">
        <span className="status-dot status-dot--ok" aria-hidden="true" /> {t('session.emulator.running')}
      </p>
    );
  }
  if (status.state === 'failed') {
    return (
      <Alert
        tone="error"
        title={t('session.emulator.failed')}
        actions={
          <Button size="sm" icon="refresh" pending={restarting} onClick={onRestart}>
            {t('session.emulator.retry')}
          </Button>
        }
      >
        {status.userMessage || status.message ? <p className="alert__detail">{status.userMessage ? wordReason(t, status.userMessage) : status.message}</p> : null}
      </Alert>
    );
  }
  return (
    <Alert
      tone="warning"
      live={false}
      title={t('session.emulator.stopped')}
      actions={
        <Button size="sm" icon="refresh" pending={restarting} onClick={onRestart}>
          {t('session.emulator.start')}
        </Button>
      }
    />
  );
}

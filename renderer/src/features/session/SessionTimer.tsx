import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/Icon';
import { formatTimeLeft, timeLeftTone } from './time-left';

function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** Ticks every second; amber under 10 minutes. */
export function SessionTimer({ expiresAt }: { expiresAt: string }) {
  const { t } = useTranslation();
  const now = useNow(1000);
  const left = Date.parse(expiresAt) - now;
  const tone = timeLeftTone(left);
  return (
    <div
      className={`session-timer session-timer--${tone}`}
      role="timer"
      aria-label={t('header.sessionTimeLeft')}
      title={t('header.sessionTimeLeft')}
    >
      <Icon name="clock" />
      <span className="session-timer__value">{tone === 'expired' ? t('header.expired') : formatTimeLeft(left)}</span>
    </div>
  );
}

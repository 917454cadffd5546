import { useTranslation } from 'react-i18next';
import { Button } from '../components/Button';
import { ErrorAlert } from '../components/ErrorAlert';
import { Icon } from '../components/Icon';
import { Logo } from '../components/Logo';
import { Spinner } from '../components/Spinner';

export function SplashScreen() {
  const { t } = useTranslation();
  return (
    <div className="splash" role="status">
      <Logo />
      <Spinner size="md" />
      <span className="visually-hidden">{t('app.loading')}</span>
    </div>
  );
}

/**
 * Shown when the page runs without a shell (no window.acube): says what it is and how to open it;
 * `secret` when the browser shell served it but the address lacked its secret part.
 */
export function BridgeMissingScreen({ reason = 'noShell' }: { reason?: 'noShell' | 'secret' }) {
  const { t } = useTranslation();
  const text = reason === 'secret' ? 'sessionSecurity.secretMissing' : 'app.bridgeMissing';
  return (
    <div className="auth-screen">
      <div className="auth-screen__brand">
        <Logo />
      </div>
      <div className="auth-card auth-card--narrow" role="alert">
        <div className="auth-card__main">
          <div className="auth-card__icon auth-card__icon--error">
            <Icon name="alert" size={20} />
          </div>
          <h1 className="auth-card__title">{t(`${text}.title`)}</h1>
          <p className="auth-card__subtitle">{t(`${text}.body`)}</p>
          <p className="auth-card__subtitle">{t(`${text}.hint`)}</p>
        </div>
      </div>
    </div>
  );
}

export function StartupErrorScreen({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="auth-screen">
      <div className="auth-screen__brand">
        <Logo />
      </div>
      <div className="auth-card auth-card--narrow">
        <div className="auth-card__main">
          <h1 className="auth-card__title">{t('app.startupError.title')}</h1>
          <ErrorAlert error={error} />
          <Button variant="primary" icon="refresh" onClick={onRetry}>
            {t('app.startupError.retry')}
          </Button>
        </div>
      </div>
    </div>
  );
}

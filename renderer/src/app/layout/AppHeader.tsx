import { useTranslation } from 'react-i18next';
import type { SessionStatus } from '../../../../shared/contract';
import { Button } from '../../components/Button';
import { TokenEnvironmentBadge, environmentKindOf } from '../../components/EnvironmentBadge';
import { Icon } from '../../components/Icon';
import { LogoMark } from '../../components/Logo';
import { NotificationHistory } from '../../components/NotificationHistory';
import { AccountDetails } from '../../features/session/AccountDetails';
import { useActiveProfile } from '../../features/session/hooks';
import { SessionTimer } from '../../features/session/SessionTimer';
import { useLogout } from '../../features/session/useLogin';

/** Always shows where the user is working: production turns the whole header red. */
export function AppHeader({ status }: { status: SessionStatus }) {
  const { t } = useTranslation();
  const profile = useActiveProfile();
  const kind = profile ? environmentKindOf(profile) : (status.environment ?? 'sandbox');
  const tokenEnvironment = status.environment ?? profile?.environment ?? 'sandbox';
  const logout = useLogout();

  return (
    <header className={`app-header app-header--${kind}`}>
      <div className="app-header__brand">
        <LogoMark size={22} />
        <span className="app-header__word">{t('app.name')}</span>
      </div>
      <div className="app-header__profile">
        <span className="app-header__profile-label">{t('header.profile')}</span>
        <span className="app-header__profile-name">{profile?.name ?? status.profileId}</span>
        <TokenEnvironmentBadge kind={kind} environment={tokenEnvironment} />
        {kind === 'production' ? (
          <span className="app-header__notice">
            <Icon name="shield" />
            {t('environment.productionNotice')}
          </span>
        ) : null}
      </div>
      <div className="app-header__session">
        {status.expiresAt ? <SessionTimer expiresAt={status.expiresAt} /> : null}
        <NotificationHistory />
        <AccountDetails status={status} />
        <Button
          variant="ghost"
          size="sm"
          icon="signOut"
          className="app-header__signout"
          pending={logout.isPending}
          onClick={() => logout.mutate(undefined)}
        >
          {t('header.signOut')}
        </Button>
      </div>
    </header>
  );
}

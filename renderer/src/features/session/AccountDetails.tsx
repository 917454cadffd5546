import { useTranslation } from 'react-i18next';
import type { SessionStatus } from '../../../../shared/contract';
import { Popover } from '../../components/Popover';
import { formatDateTime } from '../../format';

const formatDate = (iso: string | undefined, language: string): string | undefined => formatDateTime(language, iso) || undefined;

/** The header's user button: the e-mail, and on click the projects and roles from the token. */
export function AccountDetails({ status }: { status: SessionStatus }) {
  const { t, i18n } = useTranslation();
  const email = status.user?.email ?? '';
  const initial = (status.user?.fullname ?? email).trim().charAt(0).toUpperCase() || '?';
  const issued = formatDate(status.issuedAt, i18n.language);
  const expires = formatDate(status.expiresAt, i18n.language);

  return (
    <Popover
      label={t('header.accountDetails')}
      nameFromContent
      triggerClassName="account-trigger"
      trigger={
        <>
          <span className="avatar" aria-hidden="true">
            {initial}
          </span>
          <span className="account-trigger__email">{email}</span>
        </>
      }
    >
      <div className="account-details">
        <div className="account-details__who">
          <span className="avatar avatar--lg" aria-hidden="true">
            {initial}
          </span>
          <div>
            <p className="account-details__eyebrow">{t('header.account.signedInAs')}</p>
            {status.user?.fullname ? <p className="account-details__name">{status.user.fullname}</p> : null}
            <p className="account-details__email">{email}</p>
          </div>
        </div>
        <dl className="details-list">
          {status.user?.uid ? (
            <>
              <dt>{t('header.account.userId')}</dt>
              <dd className="mono">{status.user.uid}</dd>
            </>
          ) : null}
          {status.environment ? (
            <>
              <dt>{t('header.account.tokenEnvironment')}</dt>
              <dd>{t(`settings.profiles.environments.${status.environment}`)}</dd>
            </>
          ) : null}
          {issued ? (
            <>
              <dt>{t('header.account.issued')}</dt>
              <dd>{issued}</dd>
            </>
          ) : null}
          {expires ? (
            <>
              <dt>{t('header.account.expires')}</dt>
              <dd>{expires}</dd>
            </>
          ) : null}
        </dl>
        <h3 className="account-details__heading">{t('header.account.projects')}</h3>
        {status.projects.length === 0 ? (
          <p className="muted">{t('header.account.noProjects')}</p>
        ) : (
          <ul className="project-roles">
            {status.projects.map((project) => (
              <li key={project.project} className="project-roles__item">
                <span className="project-roles__project mono">{project.project}</span>
                <span className="project-roles__roles">
                  {project.roles.map((role) => (
                    <span key={role} className="chip">
                      {role}
                    </span>
                  ))}
                </span>
              </li>
            ))}
          </ul>
        )}
        <p className="account-details__footnote">
          {t(status.rememberMe ? 'header.account.renews' : 'header.account.noRenew')}
        </p>
      </div>
    </Popover>
  );
}

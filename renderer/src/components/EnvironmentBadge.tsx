import { useTranslation } from 'react-i18next';
import type { Environment, Profile } from '../../../shared/contract';

export type EnvironmentKind = 'production' | 'sandbox' | 'emulator';

/** The emulator profile plays sandbox, but users must see that it is local. */
export const environmentKindOf = (profile: Pick<Profile, 'kind' | 'environment'>): EnvironmentKind =>
  profile.kind === 'emulator' ? 'emulator' : profile.environment;

export function EnvironmentBadge({ kind, size = 'md' }: { kind: EnvironmentKind; size?: 'sm' | 'md' }) {
  const { t } = useTranslation();
  return <span className={`env-badge env-badge--${kind} env-badge--${size}`}>{t(`environment.${kind}`)}</span>;
}

/**
 * The environment the signed-in token is for (sandbox or production), in the colours of where it
 * runs: the local emulator's profile name already says "local", so the badge names what it plays.
 */
export function TokenEnvironmentBadge({ kind, environment }: { kind: EnvironmentKind; environment: Environment }) {
  const { t } = useTranslation();
  const label = t('environment.tokenFor', { environment: t(`environment.${environment}Name`) });
  return (
    <span className={`env-badge env-badge--${kind} env-badge--md`} title={label}>
      <span className="visually-hidden">{label}</span>
      <span aria-hidden="true">{t(`environment.${environment}`)}</span>
    </span>
  );
}

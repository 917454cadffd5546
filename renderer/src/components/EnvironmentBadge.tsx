import { useTranslation } from 'react-i18next';
import type { Profile } from '../../../shared/contract';

export type EnvironmentKind = 'production' | 'sandbox' | 'emulator';

/** The emulator profile plays sandbox, but users must see that it is local. */
export const environmentKindOf = (profile: Pick<Profile, 'kind' | 'environment'>): EnvironmentKind =>
  profile.kind === 'emulator' ? 'emulator' : profile.environment;

export function EnvironmentBadge({ kind, size = 'md' }: { kind: EnvironmentKind; size?: 'sm' | 'md' }) {
  const { t } = useTranslation();
  return <span className={`env-badge env-badge--${kind} env-badge--${size}`}>{t(`environment.${kind}`)}</span>;
}

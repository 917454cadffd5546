/**
 * What the signed-in account may do in onboarding, from its token's fiscal roles (a hint for the
 * screens: the service decides, and its 403 is shown when it refuses).
 */
import type { SessionStatus } from '../../../../../shared/contract';
import { useBridgeQuery } from '../../../bridge/queries';

export const FISCAL_PROJECT = 'ereceipts-it.acubeapi.com';

export interface OnboardingRoles {
  /** ROLE_SUPPLIER: creates merchants; names the merchant of a new cashier. */
  supplier: boolean;
  /** ROLE_MERCHANT or ROLE_SUPPLIER: edits a merchant, adds and activates PEMs, registers cash registers, manages cashiers. */
  manager: boolean;
}

export function rolesOf(status: SessionStatus | undefined): OnboardingRoles {
  const roles = status?.projects.find((project) => project.project === FISCAL_PROJECT)?.roles ?? [];
  const supplier = roles.includes('ROLE_SUPPLIER');
  return { supplier, manager: supplier || roles.includes('ROLE_MERCHANT') };
}

export function useOnboardingRoles(): OnboardingRoles {
  const status = useBridgeQuery('session.status', undefined, { staleTime: Infinity });
  return rolesOf(status.data);
}

import type { RegisterArea } from '../context';
import { registerLoginRoutes } from './routes';
import { tokenServiceFor } from './token-registry';

export { demoAccounts, projectDomains } from './accounts';
export { provideTokenService, tokenServiceFor } from './token-registry';

/** The login interface (DESIGN §5.2 "Login"). */
export const registerAuth: RegisterArea = async (apps, ctx) => {
  await registerLoginRoutes(apps.auth, ctx, await tokenServiceFor(ctx));
};

import { z } from 'zod';
import { channel, event, noInput } from './define';

export const environmentSchema = z.enum(['sandbox', 'production']);
export type Environment = z.infer<typeof environmentSchema>;

export interface ProjectRoles {
  /** The project key of the token's `roles` claim, e.g. `peppol.api.acubeapi.com`. */
  project: string;
  roles: string[];
}

export interface SessionUser {
  email: string;
  uid: string;
  fullname?: string;
}

/** `addressChanged`: the profile's addresses changed, so its token and remembered sign-in were forgotten. */
export type SessionChangeReason = 'login' | 'logout' | 'expired' | 'unauthorized' | 'renewed' | 'profile' | 'startup' | 'addressChanged';

export interface SessionStatus {
  state: 'signedOut' | 'signedIn';
  profileId: string;
  user?: SessionUser;
  /** The environment the token was issued for (from its claims). */
  environment?: Environment;
  projects: ProjectRoles[];
  issuedAt?: string;
  expiresAt?: string;
  /** Credentials are kept (encrypted) to renew the token silently. */
  rememberMe: boolean;
}

export interface DemoAccountInfo {
  name: string;
  email: string;
  description: string;
  environment: Environment;
}

export const loginInputSchema = z.union([
  z.object({
    email: z.string().trim().min(1, 'Enter your e-mail address.').max(320),
    password: z.string().min(1, 'Enter your password.').max(1024),
    rememberMe: z.boolean().default(false),
  }),
  /** Sign in with one of the local emulator's demo accounts; the password never reaches the renderer. */
  z.object({ demoAccount: z.string().min(1).max(100), rememberMe: z.boolean().default(false) }),
]);
export type LoginInput = z.input<typeof loginInputSchema>;

export const sessionChannels = {
  'session.status': channel<SessionStatus>()(noInput),
  'session.login': channel<SessionStatus>()(loginInputSchema),
  'session.logout': channel<SessionStatus>()(noInput),
  'session.demoAccounts': channel<DemoAccountInfo[]>()(noInput),
};

export const sessionEvents = {
  'session.changed': event<{ status: SessionStatus; reason: SessionChangeReason; message?: string }>(),
  /** Sent once when the token has less than the warning window left. */
  'session.expiring': event<{ expiresAt: string; secondsLeft: number }>(),
};

/**
 * The login token's claims (spec: Login response and token claims). Decoded to show who is
 * signed in and until when; never trusted for security (the services check the signature).
 */
import { z } from 'zod';
import { AppError, because, environmentSchema, reason, type ProjectRoles } from '../../../shared/contract';

export const tokenClaimsSchema = z.object({
  iat: z.number().int(),
  exp: z.number().int(),
  roles: z.record(z.string(), z.array(z.string())).default({}),
  username: z.string().min(1),
  uid: z.union([z.string().min(1), z.number()]).transform(String),
  environment: environmentSchema,
});
export type TokenClaims = z.infer<typeof tokenClaimsSchema>;

export const loginResponseSchema = z.object({ token: z.string().min(1) });

export function decodeClaims(token: string): TokenClaims {
  const parts = token.split('.');
  const unreadable = new AppError('bad_response', 'The sign-in service returned a token the app cannot read.', { details: because(reason('auth.tokenUnreadable')) });
  if (parts.length !== 3 || !parts[1]) throw unreadable;
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(parts[1], 'base64').toString('utf8'));
  } catch {
    throw unreadable;
  }
  const parsed = tokenClaimsSchema.safeParse(json);
  if (!parsed.success || parsed.data.exp <= parsed.data.iat) throw unreadable;
  return parsed.data;
}

export function projectsOf(claims: TokenClaims): ProjectRoles[] {
  return Object.entries(claims.roles)
    .map(([project, roles]) => ({ project, roles: [...roles] }))
    .sort((a, b) => a.project.localeCompare(b.project));
}

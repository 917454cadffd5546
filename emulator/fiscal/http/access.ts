/** Who is calling: the bearer token (every call) and, on the mTLS listener, the cash-register certificate. */
import type { TLSSocket } from 'node:tls';
import type { FastifyRequest } from 'fastify';
import type { ClientCertificateInfo, DemoAccount, EmulatorContext, TokenCheck } from '../../context';
import { identifyClientCertificate } from '../../pki';
import { forbidden, unauthorized } from './problems';

/** The project domain of the fiscal interfaces in the token's `roles` claim. */
export const FISCAL_PROJECT = 'ereceipts-it.acubeapi.com';

const tokenMessages: Record<Exclude<TokenCheck, { ok: true }>['reason'], string> = {
  missing: 'Authentication required: send "Authorization: Bearer <token>" with a token from POST /login.',
  malformed: 'The bearer token is not a well-formed JWT; log in again.',
  invalid: 'The bearer token is not valid (bad signature); log in again.',
  expired: 'The bearer token has expired; log in again.',
  environment: 'The bearer token was issued for another environment than this service plays; log in for the right environment.',
  unknown_user: 'The bearer token belongs to an unknown user; log in again.',
};

/** The caller's account; 401 without a valid token, 403 for writes by an account that may only read. */
export async function requireAccount(ctx: EmulatorContext, request: FastifyRequest, access: 'read' | 'write'): Promise<DemoAccount> {
  const check = await ctx.checkToken(request);
  if (!check.ok) throw unauthorized(tokenMessages[check.reason] ?? check.message);
  if (!(FISCAL_PROJECT in check.claims.roles)) {
    throw forbidden(`The account ${check.account.email} has no access to the fiscal receipt interfaces (${FISCAL_PROJECT}).`);
  }
  if (access === 'write' && !check.account.canWrite) {
    throw forbidden(`The account ${check.account.email} may read fiscal data but not change it.`);
  }
  return check.account;
}

function tlsSocketOf(request: FastifyRequest): TLSSocket | null {
  const socket: unknown = request.raw.socket;
  return typeof socket === 'object' && socket !== null && 'getPeerCertificate' in socket ? (socket as TLSSocket) : null;
}

/** A cash register's client certificate: a seeded one (files) or one issued by `POST /cash-registers`. */
export type CashRegisterIdentity = Pick<ClientCertificateInfo, 'pemSerialNumber' | 'serialNumber' | 'fingerprint256'>;

/**
 * The cash register whose certificate was presented on the mTLS listener; 401 (with the reason)
 * when there is none, it does not come from the service's CA, or no cash register holds it.
 * `issued` are the certificates of the cash registers created at run time.
 */
export function requireCashRegister(ctx: EmulatorContext, request: FastifyRequest, issued: readonly CashRegisterIdentity[] = []): CashRegisterIdentity {
  const known = identifyClientCertificate<CashRegisterIdentity>(request, [...ctx.pki.clientCertificates, ...issued]);
  if (known) return known;
  const socket = tlsSocketOf(request);
  if (socket === null) {
    throw unauthorized('This call identifies the cash register by its client certificate: use the fiscal mTLS address (HTTPS) with the cash register certificate.');
  }
  const peer = socket.getPeerCertificate();
  if (!peer || Object.keys(peer).length === 0) {
    throw unauthorized('No client certificate was presented: this call needs the cash register certificate (mTLS).');
  }
  if (!socket.authorized) {
    throw unauthorized(`The client certificate was not issued by the service's CA (${String(socket.authorizationError ?? 'untrusted')}); use the certificate of a registered cash register.`);
  }
  throw unauthorized('The client certificate does not belong to any registered cash register.');
}

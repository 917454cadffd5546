import { createPrivateKey, createPublicKey, generateKeyPair, type KeyObject } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import type { DemoAccount, Environment, TokenCheck, TokenClaims } from '../context';

const generateKeyPairAsync = promisify(generateKeyPair);

/** The messages of the real service (LexikJWTAuthenticationBundle). */
export const tokenMessages = {
  missing: 'JWT Token not found',
  expired: 'Expired JWT Token',
  invalid: 'Invalid JWT Token',
} as const;

const claimsSchema = z.object({
  iat: z.number().int(),
  exp: z.number().int(),
  roles: z.record(z.string(), z.array(z.string())),
  username: z.string(),
  uid: z.string(),
  environment: z.enum(['sandbox', 'production']),
  fid: z.null(),
  pid: z.null(),
});

export interface TokenServiceOptions {
  /** Where the signing key lives; reused on restart so tokens stay valid. */
  keyDir: string;
  tokenTtlSeconds: number;
  /** The environment the emulator plays: tokens of the other one are refused. */
  environment: Environment;
  accounts: readonly DemoAccount[];
  now: () => Date;
}

export interface TokenService {
  issue(account: DemoAccount, environment: Environment): Promise<string>;
  check(authorization: string | undefined): Promise<TokenCheck>;
}

async function loadOrCreateSigningKey(keyDir: string): Promise<KeyObject> {
  const path = join(keyDir, 'jwt-signing-key.pem');
  if (existsSync(path)) {
    try {
      return createPrivateKey(readFileSync(path, 'utf8'));
    } catch (error) {
      throw new Error(`The token signing key ${path} is unreadable (${(error as Error).message}); delete it to issue a new one.`, {
        cause: error,
      });
    }
  }
  const { privateKey } = await generateKeyPairAsync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  writeFileSync(path, privateKey, { mode: 0o600 });
  return createPrivateKey(privateKey);
}

const bearerPattern = /^Bearer\s+(\S+)\s*$/i;

function failure(reason: Extract<TokenCheck, { ok: false }>['reason'], message: string): TokenCheck {
  return { ok: false, reason, message };
}

export async function createTokenService(options: TokenServiceOptions): Promise<TokenService> {
  const privateKey = await loadOrCreateSigningKey(options.keyDir);
  const publicKey = createPublicKey(privateKey);
  const seconds = () => Math.floor(options.now().getTime() / 1000);

  return {
    async issue(account, environment) {
      const iat = seconds();
      return new SignJWT({ roles: account.roles, username: account.email, uid: account.uid, environment, fid: null, pid: null })
        .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
        .setIssuedAt(iat)
        .setExpirationTime(iat + options.tokenTtlSeconds)
        .sign(privateKey);
    },

    async check(authorization) {
      const token = authorization === undefined ? undefined : bearerPattern.exec(authorization)?.[1];
      if (token === undefined) return failure('missing', tokenMessages.missing);
      if (token.split('.').length !== 3) return failure('malformed', tokenMessages.invalid);

      let payload: unknown;
      try {
        ({ payload } = await jwtVerify(token, publicKey, { algorithms: ['RS256'], currentDate: options.now() }));
      } catch (error) {
        if (error instanceof joseErrors.JWTExpired) return failure('expired', tokenMessages.expired);
        if (error instanceof joseErrors.JWSSignatureVerificationFailed || error instanceof joseErrors.JWTClaimValidationFailed) {
          return failure('invalid', tokenMessages.invalid);
        }
        return failure('malformed', tokenMessages.invalid);
      }

      const claims = claimsSchema.safeParse(payload);
      if (!claims.success) return failure('invalid', tokenMessages.invalid);
      const tokenClaims: TokenClaims = claims.data;
      if (tokenClaims.environment !== options.environment) {
        return failure(
          'environment',
          `${tokenMessages.invalid}: it was issued for the ${tokenClaims.environment} environment, this service is ${options.environment}`,
        );
      }
      const account = options.accounts.find((candidate) => candidate.uid === tokenClaims.uid);
      if (!account) return failure('unknown_user', tokenMessages.invalid);
      return { ok: true, claims: tokenClaims, account };
    },
  };
}

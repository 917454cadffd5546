import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/**
 * Guard failures are all 403 `forbidden`: `unauthorized` is what the renderer reads as "the session
 * ended, sign in again", which a page without the bridge secret must not be told. A missing or wrong
 * secret says so in `details.reason`, so the shell's own page (a tab left open from an earlier start,
 * whose secret is stale) can tell the user to open the new address instead of a permissions error.
 */
export const BRIDGE_SECRET_REFUSED = 'bridge_secret';
export type GuardFailure = {
  status: 403;
  code: 'forbidden';
  message: string;
  details?: { reason: typeof BRIDGE_SECRET_REFUSED };
};

export interface GuardConfig {
  /** `127.0.0.1:<port>`: the only Host the shell answers (a DNS-rebinding page sends its own name). */
  host: string;
  /** `http://127.0.0.1:<port>`: the only Origin allowed to call the bridge. */
  origin: string;
  secret: string;
}

const digest = (value: string): Buffer => createHash('sha256').update(value).digest();

/** Constant-time comparison of the offered secret with the launch secret. */
export const secretMatches = (offered: string | undefined, secret: string): boolean =>
  offered !== undefined && offered !== '' && timingSafeEqual(digest(offered), digest(secret));

const single = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);

export const checkHost = (request: IncomingMessage, config: GuardConfig): GuardFailure | null =>
  single(request.headers.host)?.toLowerCase() === config.host
    ? null
    : { status: 403, code: 'forbidden', message: 'This server only answers requests addressed to its own loopback address.' };

/**
 * A bridge call must come from the shell's own page: a matching Origin (required on POST, where
 * browsers always send it; checked when present on the EventSource GET, where same-origin requests
 * carry none, together with Sec-Fetch-Site) and the launch secret.
 */
export const checkBridgeCaller = (
  request: IncomingMessage,
  config: GuardConfig,
  offeredSecret: string | undefined,
  options: { originRequired: boolean },
): GuardFailure | null => {
  const origin = single(request.headers.origin);
  if (origin === undefined ? options.originRequired : origin !== config.origin) {
    return { status: 403, code: 'forbidden', message: 'Bridge calls are only accepted from the app page served by this shell.' };
  }
  const fetchSite = single(request.headers['sec-fetch-site']);
  if (fetchSite !== undefined && fetchSite !== 'same-origin') {
    return { status: 403, code: 'forbidden', message: 'Bridge calls are only accepted from the app page served by this shell.' };
  }
  if (!secretMatches(offeredSecret, config.secret)) {
    return {
      status: 403,
      code: 'forbidden',
      message: 'Missing or wrong bridge secret: open the app with the URL the shell printed.',
      details: { reason: BRIDGE_SECRET_REFUSED },
    };
  }
  return null;
};

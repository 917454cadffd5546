/**
 * Redaction for everything that reaches a log: field names that hold secrets, and secret-looking
 * text inside free-form strings (bearer tokens, JWTs, PEM private keys, password=… pairs).
 */
import type { Logger } from '../ports';

export const REDACTED = '[redacted]';

const secretKeyPattern =
  /^(authorization|proxy-authorization|cookie|set-cookie|password|passwd|passphrase|token|access_?token|refresh_?token|id_?token|secret|client_?secret|api_?key|key|private_?key|pfx|p12|credentials?)$/i;
const secretKeyFragment = /(password|passphrase|token|secret|authorization|private_?key|api_?key)/i;

export function isSecretFieldName(name: string): boolean {
  return secretKeyPattern.test(name) || secretKeyFragment.test(name);
}

const textRules: Array<[RegExp, string]> = [
  [/-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----[\s\S]*?(-----END [A-Z0-9 ]*PRIVATE KEY-----|$)/g, `[redacted private key]`],
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi, `$1 ${REDACTED}`],
  [/\beyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g, '[redacted jwt]'],
  [/("?(?:password|passphrase|token|secret|authorization)"?\s*[:=]\s*)("[^"]*"|[^\s&,;}]+)/gi, `$1${REDACTED}`],
];

export function redactText(text: string): string {
  let out = text;
  for (const [pattern, replacement] of textRules) out = out.replace(pattern, replacement);
  return out;
}

/** A copy of the value with secret fields replaced and secret-looking text masked; cycles are cut. */
export function redact(value: unknown, seen = new WeakSet<object>(), depth = 0): unknown {
  if (typeof value === 'string') return redactText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth > 8) return '[…]';
  if (seen.has(value)) return '[circular]';
  seen.add(value);
  if (value instanceof Error) {
    return { name: value.name, message: redactText(value.message) };
  }
  if (Buffer.isBuffer(value) || value instanceof Uint8Array) return `[${value.byteLength} bytes]`;
  if (Array.isArray(value)) return value.map((item) => redact(item, seen, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = isSecretFieldName(key) && item !== undefined && item !== null ? REDACTED : redact(item, seen, depth + 1);
  }
  return out;
}

/** Wraps any logger (the shells' included) so nothing secret gets through, whoever wrote the call. */
export function redactingLogger(inner: Logger): Logger {
  const wrap =
    (level: keyof Logger) =>
    (message: string, fields?: Record<string, unknown>): void => {
      inner[level](redactText(message), fields === undefined ? undefined : (redact(fields) as Record<string, unknown>));
    };
  return { info: wrap('info'), warn: wrap('warn'), error: wrap('error') };
}

/**
 * The activity log's head, kept in the settings and signed: the last entry's number and hash,
 * whether (and since when, and why) the log was found altered and not yet acknowledged, and up
 * to which line a break was acknowledged. The signature is an HMAC-SHA256 whose key lives in the
 * secrets vault (the OS keychain under Electron, the 0600 secrets file in the browser shell), so
 * an edit of the data folder that recomputes the unkeyed chain and rewrites the head is found:
 * without the key its signature cannot be made.
 */
import crypto from 'node:crypto';
import { z } from 'zod';
import type { ActivityVerification } from '../../../shared/contract';
import type { SecretVault } from '../ports';

export const HEAD_KEY = 'activity.head';
export const VAULT_KEY = 'activity.headKey';

const problemSchema = z.object({
  line: z.number().int().min(1),
  seq: z.number().int().min(1).optional(),
  kind: z.enum(['unreadable', 'edited', 'removed_or_inserted', 'truncated', 'head_unsigned', 'head_forged', 'key_gone', 'head_missing']),
  message: z.string().max(1000),
});
export type LogProblem = NonNullable<ActivityVerification['problem']>;

const headSchema = z.object({
  seq: z.number().int().min(0),
  hash: z.string().regex(/^[0-9a-f]{64}$/),
  /** When the log was first found altered; cleared only by the user's acknowledgement. */
  brokenSince: z.string().optional(),
  problem: problemSchema.optional(),
  /** Breaks on lines up to this one were acknowledged (the acknowledgement's own line). */
  acknowledgedUpTo: z.number().int().min(1).optional(),
  mac: z.string().regex(/^[0-9a-f]{64}$/).optional(),
});
export type StoredHead = z.infer<typeof headSchema>;
export type Head = Omit<StoredHead, 'mac'>;

export function readHead(value: unknown): StoredHead | undefined {
  const parsed = headSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/** The fields in a fixed order, so the same head always signs the same way. */
const canonical = (head: Head): string =>
  JSON.stringify([head.seq, head.hash, head.brokenSince ?? null, head.problem ? [head.problem.line, head.problem.seq ?? null, head.problem.kind, head.problem.message] : null, head.acknowledgedUpTo ?? null]);

export const signHead = (head: Head, key: Buffer): StoredHead => ({ ...head, mac: crypto.createHmac('sha256', key).update(canonical(head)).digest('hex') });

export function headSignedBy(head: StoredHead, key: Buffer): boolean {
  if (!head.mac) return false;
  const { mac, ...fields } = head;
  return crypto.timingSafeEqual(Buffer.from(signHead(fields, key).mac as string, 'hex'), Buffer.from(mac, 'hex'));
}

/** The vault's key; `created` when there was none (a first start, or a log kept by an earlier version). */
export async function loadHeadKey(vault: SecretVault): Promise<{ key: Buffer; created: boolean }> {
  const stored = await vault.get(VAULT_KEY);
  if (stored && /^[A-Za-z0-9+/]{43}=$/.test(stored)) return { key: Buffer.from(stored, 'base64'), created: false };
  const key = crypto.randomBytes(32);
  await vault.set(VAULT_KEY, key.toString('base64'));
  return { key, created: true };
}

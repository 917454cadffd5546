/**
 * The activity log's hash chain: each line carries the hash of the line before it and its own
 * hash over (previous hash + its fields in a fixed order). Editing, removing or inserting a line
 * breaks the chain at that line; cutting lines off the end is caught against the head the log
 * keeps elsewhere (the settings store).
 */
import crypto from 'node:crypto';
import { activityActionSchema, type ActivityEntry, type ActivityVerification } from '../../../shared/contract';
import { z } from 'zod';

export const GENESIS = '0'.repeat(64);

export interface ChainedEntry extends ActivityEntry {
  prev: string;
  hash: string;
}

export interface ChainHead {
  seq: number;
  hash: string;
}

/** The fields in a fixed order, so the same entry always hashes the same way. */
function canonical(entry: ActivityEntry, prev: string): string {
  return JSON.stringify([entry.seq, entry.at, entry.profile, entry.user, entry.action, entry.target, entry.outcome, entry.detail ?? null, prev]);
}

export function chainEntry(entry: ActivityEntry, prev: string): ChainedEntry {
  const hash = crypto.createHash('sha256').update(canonical(entry, prev)).digest('hex');
  return { ...entry, prev, hash };
}

const lineSchema = z.object({
  seq: z.number().int().min(1),
  at: z.string(),
  profile: z.string(),
  user: z.string().nullable(),
  action: activityActionSchema,
  target: z.string(),
  outcome: z.enum(['ok', 'failed']),
  detail: z.string().optional(),
  prev: z.string().regex(/^[0-9a-f]{64}$/),
  hash: z.string().regex(/^[0-9a-f]{64}$/),
});

export function parseLine(line: string): ChainedEntry | undefined {
  try {
    const parsed = lineSchema.safeParse(JSON.parse(line));
    if (!parsed.success) return undefined;
    const { detail, ...rest } = parsed.data;
    return detail === undefined ? rest : { ...rest, detail };
  } catch {
    return undefined;
  }
}

/** Walks the lines from the first; stops at the first that does not belong to the chain. */
export function verifyLines(lines: readonly string[], head: ChainHead | undefined, now: Date): ActivityVerification {
  const verifiedAt = now.toISOString();
  let prev = GENESIS;
  let seq = 0;
  for (let index = 0; index < lines.length; index += 1) {
    const line = index + 1;
    const entry = parseLine(lines[index] as string);
    if (!entry) {
      return { intact: false, checked: index, verifiedAt, problem: { line, kind: 'unreadable', message: `Line ${line} is not a readable log entry: it was altered or damaged.` } };
    }
    if (entry.prev !== prev || entry.seq !== seq + 1) {
      return {
        intact: false,
        checked: index,
        verifiedAt,
        problem: { line, seq: entry.seq, kind: 'removed_or_inserted', message: `Line ${line} (entry ${entry.seq}) does not follow entry ${seq}: entries were removed, inserted or reordered before it.` },
      };
    }
    const { prev: _prev, hash, ...fields } = entry;
    if (chainEntry(fields, prev).hash !== hash) {
      return { intact: false, checked: index, verifiedAt, problem: { line, seq: entry.seq, kind: 'edited', message: `Line ${line} (entry ${entry.seq}) was edited after it was written.` } };
    }
    prev = hash;
    seq = entry.seq;
  }
  if (head && (head.seq > seq || (head.seq === seq && head.hash !== prev))) {
    return {
      intact: false,
      checked: lines.length,
      verifiedAt,
      problem: { line: lines.length + 1, seq: seq + 1, kind: 'truncated', message: `The log ends at entry ${seq}, but ${head.seq} were written: entries were removed from its end.` },
    };
  }
  return { intact: true, checked: lines.length, verifiedAt };
}

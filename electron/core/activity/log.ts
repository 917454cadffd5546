/**
 * The append-only activity log (DESIGN §11): one JSON line per action in
 * `<userData>/activity/activity.log`, hash-chained (chain.ts), each line flushed to disk before
 * the next. Appends never fail the user's action: a log that cannot be written is reported in
 * the app's own log. No secret reaches it: callers pass targets and details picked field by field,
 * and the text is masked once more here.
 *
 * The head (head.ts) is checked against the file when the log is opened and before each append:
 * a log found altered (entries edited, removed or cut off the end, a head re-made without the
 * vault's key) stays marked so, with the time it was found, whatever is appended after, until the
 * user acknowledges it; the acknowledgement is an entry of the log itself.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { ActivityAction, ActivityEntry, ActivityFilters, ActivityOutcome, ActivityPage, ActivityVerification } from '../../../shared/contract';
import { redactText } from '../logging/redact';
import type { Logger, SecretVault, SettingsStore } from '../ports';
import { chainEntry, GENESIS, parseLine, truncation, walkChain, type ChainedEntry, type ChainWalk } from './chain';
import { HEAD_KEY, headSignedBy, loadHeadKey, readHead, signHead, type Head, type LogProblem } from './head';

export interface ActivityRecord {
  action: ActivityAction;
  target: string;
  outcome?: ActivityOutcome;
  detail?: string;
  /** Who acted, when it was read before the action changed it (sign-out). */
  who?: { profile: string; user: string | null };
}

export interface ActivityLog {
  /** Appends (in order, one at a time); resolves once the line is on disk, never rejects. */
  record(record: ActivityRecord): Promise<void>;
  list(filters: ActivityFilters, offset: number, limit: number): Promise<ActivityPage>;
  /** Every entry matching the filters, oldest first (for CSV). */
  all(filters: ActivityFilters): Promise<ActivityEntry[]>;
  verify(): Promise<ActivityVerification>;
  /** The user saw that the log was altered: recorded in the log, which is checked from there on. */
  acknowledge(): Promise<ActivityVerification>;
  /** The log file (tests, tools). */
  readonly filePath: string;
}

/** Lines a service writes without waiting for them, and a way to wait for them all when it is disposed. */
export interface BackgroundRecorder {
  record(record: ActivityRecord): void;
  settled(): Promise<void>;
}

export function backgroundRecorder(log: ActivityLog): BackgroundRecorder {
  const writing = new Set<Promise<void>>();
  return {
    record(record) {
      const written = log.record(record).finally(() => writing.delete(written));
      writing.add(written);
    },
    async settled() {
      await Promise.all(writing);
    },
  };
}

export interface ActivityLogDeps {
  folder: string;
  settings: SettingsStore;
  logger: Logger;
  /**
   * Holds the key that signs the head (the core always passes the host's vault). Without one
   * (tests, tools) the head is stored unsigned and only the chain and its length are checked.
   */
  secrets?: SecretVault;
  /** Who is acting now: the profile's name and the signed-in user. */
  who(): { profile: string; user: string | null };
  now?: () => Date;
}

const MAX_TEXT = 500;

const clean = (text: string): string => {
  const masked = redactText(text).replace(/[\r\n\t]+/g, ' ').trim();
  return masked.length > MAX_TEXT ? `${masked.slice(0, MAX_TEXT - 1)}…` : masked;
};

export function matchesActivity(entry: ActivityEntry, filters: ActivityFilters): boolean {
  if (filters.action && entry.action !== filters.action) return false;
  if (filters.outcome && entry.outcome !== filters.outcome) return false;
  if (filters.from && entry.at.slice(0, 10) < filters.from) return false;
  if (filters.to && entry.at.slice(0, 10) > filters.to) return false;
  if (filters.text) {
    const needle = filters.text.toLowerCase();
    const haystack = [entry.target, entry.user ?? '', entry.profile, entry.detail ?? ''].join('\n').toLowerCase();
    if (!haystack.includes(needle)) return false;
  }
  return true;
}

const publicEntry = ({ prev: _prev, hash: _hash, ...entry }: ChainedEntry): ActivityEntry => entry;

const problem = (kind: LogProblem['kind'], line: number, message: string): LogProblem => ({ line, kind, message });

/** The log as opened: its entries, its line count, the vault's key and the head as the app keeps it. */
interface OpenLog {
  entries: ChainedEntry[];
  lineCount: number;
  key: Buffer | undefined;
  head: Head;
  /** What the app last stored as the head (to see it changed behind the app's back). */
  stored: string;
}

/**
 * What the stored head says of the chain on disk, or undefined when it agrees: a head the key did
 * not sign (or that names no key any more), no head for a log with entries, entries cut off the
 * end, or entries added after the signed head (one line past it is a write cut off by a crash
 * before its head was stored, and is taken).
 */
function headProblem(stored: ReturnType<typeof readHead>, key: { key: Buffer; created: boolean } | undefined, walk: ChainWalk, lineCount: number): LogProblem | undefined {
  const end = lineCount + 1;
  if (!stored) return walk.seq > 0 ? problem('head_missing', end, 'The log has entries but its head (kept in the settings) is missing: it was removed or reset.') : undefined;
  if (key && stored.mac && key.created) return problem('key_gone', end, 'The key that signed the log\'s head is no longer in the secrets vault: the log cannot be shown to be the one the app wrote.');
  if (key && !stored.mac && !key.created) return problem('head_unsigned', end, 'The log\'s head is not signed: it was rewritten by something other than the app.');
  if (key && stored.mac && !headSignedBy(stored, key.key)) return problem('head_forged', end, 'The log\'s head carries a signature the app did not make: the log and its head were rewritten.');
  const cut = truncation(stored, walk, lineCount);
  if (cut) return cut;
  const cutOffByCrash = walk.seq === stored.seq + 1 && walk.lastPrev === stored.hash;
  if (walk.seq > stored.seq && !cutOffByCrash) {
    return { line: end, seq: stored.seq + 1, kind: 'removed_or_inserted', message: `Entries after entry ${stored.seq} were added by something other than the app.` };
  }
  return undefined;
}

export function createActivityLog(deps: ActivityLogDeps): ActivityLog {
  const filePath = path.join(deps.folder, 'activity.log');
  const now = deps.now ?? (() => new Date());
  let opened: Promise<OpenLog> | undefined;
  let queue: Promise<unknown> = Promise.resolve();

  /** The file's lines; a last line cut short by a crash (no newline) is dropped from the file. */
  async function readLines(repair: boolean): Promise<string[]> {
    let text = '';
    try {
      text = await fs.readFile(filePath, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    if (repair && text.length > 0 && !text.endsWith('\n')) {
      const keep = text.lastIndexOf('\n') + 1;
      deps.logger.warn('Activity log: a line cut short by a crash was removed', { bytes: text.length - keep });
      await fs.truncate(filePath, Buffer.byteLength(text.slice(0, keep)));
      text = text.slice(0, keep);
    }
    const lines = text.split('\n');
    if (lines[lines.length - 1] === '') lines.pop();
    return lines;
  }

  function store(log: OpenLog): void {
    const value = log.key ? signHead(log.head, log.key) : log.head;
    log.stored = JSON.stringify(value);
    deps.settings.set(HEAD_KEY, value);
  }

  /** Marks the log altered (once: the first time found is kept until acknowledged). */
  function markBroken(log: OpenLog, found: LogProblem): void {
    if (log.head.brokenSince) return;
    log.head = { ...log.head, brokenSince: now().toISOString(), problem: found };
    deps.logger.warn('The activity log was found altered; it stays marked so until acknowledged in the Activity page', { kind: found.kind, line: found.line });
  }

  async function open(): Promise<OpenLog> {
    await fs.mkdir(deps.folder, { recursive: true, mode: 0o700 });
    const lines = await readLines(true);
    const entries = lines.map(parseLine).filter((entry): entry is ChainedEntry => entry !== undefined);
    const key = deps.secrets
      ? await loadHeadKey(deps.secrets).catch((error: unknown) => {
          deps.logger.warn('Activity log: the key that signs its head could not be read from the secrets vault; the head is checked unsigned', { message: error instanceof Error ? error.message : String(error) });
          return undefined;
        })
      : undefined;
    const stored = readHead(deps.settings.get(HEAD_KEY));
    // What the stored head says (when, why, up to where) counts only when the key signed it.
    const trusted = stored && (!key || key.created ? !stored.mac : headSignedBy(stored, key.key)) ? stored : undefined;
    const walk = walkChain(lines, trusted?.acknowledgedUpTo);
    const last = entries[entries.length - 1];
    const log: OpenLog = {
      entries,
      lineCount: lines.length,
      key: key?.key,
      head: { seq: last?.seq ?? 0, hash: last?.hash ?? GENESIS, ...(trusted?.acknowledgedUpTo ? { acknowledgedUpTo: trusted.acknowledgedUpTo } : {}) },
      stored: '',
    };
    if (trusted?.brokenSince && trusted.problem) log.head = { ...log.head, brokenSince: trusted.brokenSince, problem: trusted.problem };
    const found = walk.problem ?? headProblem(stored, key, walk, lines.length);
    if (found) markBroken(log, found);
    store(log);
    return log;
  }

  const openLog = (): Promise<OpenLog> => (opened ??= open());

  async function append(record: ActivityRecord): Promise<OpenLog> {
    const log = await openLog();
    // Compared before chaining: a head changed behind the app's back is said, not chained over.
    if (JSON.stringify(deps.settings.get(HEAD_KEY) ?? null) !== log.stored) markBroken(log, problem('head_forged', log.lineCount + 1, 'The log\'s head was changed by something other than the app while it was running.'));
    const last = log.entries[log.entries.length - 1];
    const who = record.who ?? deps.who();
    const fields: ActivityEntry = {
      seq: (last?.seq ?? 0) + 1,
      at: now().toISOString(),
      profile: clean(who.profile),
      user: who.user === null ? null : clean(who.user),
      action: record.action,
      target: clean(record.target),
      outcome: record.outcome ?? 'ok',
      ...(record.detail ? { detail: clean(record.detail) } : {}),
    };
    const chained = chainEntry(fields, last?.hash ?? GENESIS);
    const handle = await fs.open(filePath, 'a', 0o600);
    try {
      await handle.write(`${JSON.stringify(chained)}\n`);
      await handle.datasync();
    } finally {
      await handle.close();
    }
    log.entries.push(chained);
    log.lineCount += 1;
    log.head = { ...log.head, seq: chained.seq, hash: chained.hash };
    store(log);
    return log;
  }

  /** One at a time, in order; never rejects (a failure is said in the app's log). */
  function enqueue<T>(work: () => Promise<T>, what: string): Promise<T | undefined> {
    const run = queue.then(work);
    queue = run.catch((error: unknown) => {
      deps.logger.error('The activity log could not be written', { action: what, message: error instanceof Error ? error.message : String(error) });
    });
    return run.catch(() => undefined);
  }

  async function verifyNow(): Promise<ActivityVerification> {
    const log = await openLog();
    const verifiedAt = now().toISOString();
    const lines = await readLines(false);
    const walk = walkChain(lines, log.head.acknowledgedUpTo);
    const found = walk.problem ?? headProblem(log.key ? signHead(log.head, log.key) : log.head, log.key ? { key: log.key, created: false } : undefined, walk, lines.length);
    if (found && !log.head.brokenSince) {
      markBroken(log, found);
      store(log);
    }
    if (log.head.brokenSince) {
      return { intact: false, checked: walk.checked, verifiedAt, brokenSince: log.head.brokenSince, ...(log.head.problem ? { problem: log.head.problem } : {}) };
    }
    return { intact: true, checked: lines.length, verifiedAt };
  }

  return {
    filePath,
    async record(record) {
      await enqueue(() => append(record), record.action);
    },
    async list(filters, offset, limit) {
      await queue;
      const matching = (await openLog()).entries.filter((entry) => matchesActivity(entry, filters));
      const newestFirst = matching.reverse();
      return { entries: newestFirst.slice(offset, offset + limit).map(publicEntry), total: matching.length };
    },
    async all(filters) {
      await queue;
      return (await openLog()).entries.filter((entry) => matchesActivity(entry, filters)).map(publicEntry);
    },
    async verify() {
      await queue;
      return verifyNow();
    },
    async acknowledge() {
      await queue;
      const log = await openLog();
      const { brokenSince, problem: seen } = log.head;
      if (brokenSince) {
        await enqueue(async () => {
          const written = await append({ action: 'activity.acknowledged', target: '', outcome: 'ok', detail: `Found altered on ${brokenSince}: ${seen?.message ?? ''} Acknowledged; checked from this entry on.` });
          const { brokenSince: _since, problem: _problem, ...rest } = written.head;
          written.head = { ...rest, acknowledgedUpTo: written.lineCount };
          store(written);
          deps.logger.info('The activity log\'s alteration was acknowledged by the user', { since: brokenSince });
        }, 'activity.acknowledged');
      }
      await queue;
      return verifyNow();
    },
  };
}

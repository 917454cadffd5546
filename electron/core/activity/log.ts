/**
 * The append-only activity log (DESIGN §11): one JSON line per action in
 * `<userData>/activity/activity.log`, hash-chained (chain.ts), each line flushed to disk before
 * the next. Appends never fail the user's action: a log that cannot be written is reported in
 * the app's own log. No secret reaches it: callers pass targets and details picked field by field,
 * and the text is masked once more here.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { ActivityAction, ActivityEntry, ActivityFilters, ActivityOutcome, ActivityPage, ActivityVerification } from '../../../shared/contract';
import { redactText } from '../logging/redact';
import type { Logger, SettingsStore } from '../ports';
import { chainEntry, GENESIS, parseLine, verifyLines, type ChainHead, type ChainedEntry } from './chain';

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
  /** Who is acting now: the profile's name and the signed-in user. */
  who(): { profile: string; user: string | null };
  now?: () => Date;
}

const HEAD_KEY = 'activity.head';
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

export function createActivityLog(deps: ActivityLogDeps): ActivityLog {
  const filePath = path.join(deps.folder, 'activity.log');
  const now = deps.now ?? (() => new Date());
  let loaded: Promise<ChainedEntry[]> | undefined;
  let queue: Promise<unknown> = Promise.resolve();

  /** Reads the log once; a last line cut short by a crash (no newline) is dropped from the file. */
  async function load(): Promise<ChainedEntry[]> {
    await fs.mkdir(deps.folder, { recursive: true, mode: 0o700 });
    let text = '';
    try {
      text = await fs.readFile(filePath, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    if (text.length > 0 && !text.endsWith('\n')) {
      const keep = text.lastIndexOf('\n') + 1;
      deps.logger.warn('Activity log: a line cut short by a crash was removed', { bytes: text.length - keep });
      await fs.truncate(filePath, Buffer.byteLength(text.slice(0, keep)));
      text = text.slice(0, keep);
    }
    const entries: ChainedEntry[] = [];
    for (const line of text.split('\n')) {
      if (line === '') continue;
      const entry = parseLine(line);
      if (entry) entries.push(entry);
    }
    return entries;
  }

  const entries = (): Promise<ChainedEntry[]> => (loaded ??= load());

  async function append(record: ActivityRecord): Promise<void> {
    const list = await entries();
    const last = list[list.length - 1];
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
    list.push(chained);
    deps.settings.set(HEAD_KEY, { seq: chained.seq, hash: chained.hash } satisfies ChainHead);
  }

  return {
    filePath,
    record(record) {
      const run = queue.then(() => append(record));
      queue = run.catch((error: unknown) => {
        deps.logger.error('The activity log could not be written', { action: record.action, message: error instanceof Error ? error.message : String(error) });
      });
      return queue.then(() => undefined);
    },
    async list(filters, offset, limit) {
      await queue;
      const matching = (await entries()).filter((entry) => matchesActivity(entry, filters));
      const newestFirst = matching.reverse();
      return { entries: newestFirst.slice(offset, offset + limit).map(publicEntry), total: matching.length };
    },
    async all(filters) {
      await queue;
      return (await entries()).filter((entry) => matchesActivity(entry, filters)).map(publicEntry);
    },
    async verify() {
      await queue;
      let text = '';
      try {
        text = await fs.readFile(filePath, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
      const lines = text.split('\n');
      if (lines[lines.length - 1] === '') lines.pop();
      return verifyLines(lines, deps.settings.get<ChainHead>(HEAD_KEY), now());
    },
  };
}

/**
 * Inbox sync: the rules (kept in settings), one timer per rule, runs in the background while the
 * app is open and again after a start or a sign-in. A run that meets a busy or unavailable
 * service (429, 503, network) backs off; a lost session or another active profile makes a rule
 * wait; a folder problem is shown and tried again later. New documents raise one notification.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { AppError, because, isAppError, reason, reasonOf, syncRuleSchema, type ErrorReason, type DocumentRecord, type SyncRule, type SyncRuleDraft, type SyncRuleStatus } from '../../../shared/contract';
import { backgroundRecorder, type ActivityLog } from '../activity/log';
import type { DocumentsApi } from '../documents/api';
import { checkTemplate } from '../documents/bulk/file-names';
import { documentTypeWords } from '../documents/paths';
import type { CoreEvents } from '../events';
import type { AtomicFileSystem } from '../files/atomic-write';
import type { WriterThreads } from '../files/worker-writer';
import type { Clock, Logger, Notifier, SettingsStore } from '../ports';
import { createJournalStore } from './journal';
import { checkSyncFolder, runSyncRule } from './run';

const RULES_KEY = 'sync.rules';
const MINUTE = 60_000;

export interface SyncServiceDeps {
  api: DocumentsApi;
  settings: SettingsStore;
  logger: Logger;
  events: CoreEvents;
  notifier: Notifier;
  clock: Clock;
  activity: ActivityLog;
  journalsDir: string;
  activeProfileId(): string;
  profileName(id: string): string | undefined;
  signedIn(): boolean;
  writerThreads?: WriterThreads;
  /** Tests inject a failing file system (disk full, read-only) under the runs. */
  fileSystem?: AtomicFileSystem;
  /** First backoff after a failed run (doubles per failure, up to the rule's interval). */
  backoffBaseMs?: number;
  /** Delay of the first run after a start or a sign-in. */
  kickDelayMs?: number;
}

/** A draft with its folder resolved to a path (kept as it was when left out). */
export type SyncRuleInput = Omit<SyncRuleDraft, 'folder'> & { folder?: string };

export interface SyncService {
  statuses(): SyncRuleStatus[];
  save(draft: SyncRuleInput): Promise<SyncRuleStatus>;
  remove(id: string): Promise<boolean>;
  setPaused(id: string, paused: boolean): Promise<SyncRuleStatus>;
  /** Runs the rule now and resolves once the run has ended. */
  runNow(id: string): Promise<SyncRuleStatus>;
  /** Schedules every rule (start, sign-in, profile change). */
  kick(): void;
  dispose(): Promise<void>;
}

interface Runtime {
  status: Omit<SyncRuleStatus, 'rule' | 'profileName'>;
  timer?: { cancel(): void };
  control?: AbortController;
  running?: Promise<void>;
  failuresInRow: number;
}

const slug = (name: string): string =>
  name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase()
    .slice(0, 40) || 'rule';

const samePath = (a: string, b: string): boolean => {
  const norm = (value: string): string => path.resolve(value).replace(/[\\/]+$/, '');
  return process.platform === 'linux' ? norm(a) === norm(b) : norm(a).toLowerCase() === norm(b).toLowerCase();
};

/** "3 new invoices from Nordic Supplies AS", "5 new documents from A and 2 others". */
export function notificationText(records: readonly DocumentRecord[]): string {
  const types = new Set(records.map((record) => record.type));
  const [only] = [...types];
  const noun = types.size === 1 && only ? `${documentTypeWords[only]}${records.length === 1 ? '' : 's'}` : records.length === 1 ? 'document' : 'documents';
  const senders = [...new Set(records.map((record) => record.sender.name || record.sender.identifier).filter(Boolean))];
  const from = senders.length === 0 ? '' : senders.length === 1 ? ` from ${senders[0]}` : senders.length === 2 ? ` from ${senders[0]} and ${senders[1]}` : ` from ${senders[0]} and ${senders.length - 1} others`;
  return `${records.length} new ${noun}${from}`;
}

function busyReason(error: unknown, seconds: number): ErrorReason {
  const status = isAppError(error) ? error.status : undefined;
  if (status === 429) return reason('folders.syncSlowDown', { seconds });
  if (status !== undefined) return reason('folders.syncUnavailable', { status, seconds });
  return reason('folders.syncUnreachable', { seconds });
}

/** The status text (English, for logs) and what the UI shows in its language; no text clears both. */
function say(runtime: { status: Pick<SyncRuleStatus, 'message' | 'reason'> }, message: string | undefined, why?: ErrorReason): void {
  if (message === undefined) delete runtime.status.message;
  else runtime.status.message = message;
  if (message !== undefined && why) runtime.status.reason = why;
  else delete runtime.status.reason;
}

function busyLead(error: unknown): string {
  const status = isAppError(error) ? error.status : undefined;
  if (status === 429) return 'The service asks the app to slow down (HTTP 429)';
  if (status !== undefined) return `The service is unavailable (HTTP ${status})`;
  return 'The service cannot be reached';
}

export function createSyncService(deps: SyncServiceDeps): SyncService {
  const journals = createJournalStore(deps.journalsDir);
  const runtimes = new Map<string, Runtime>();
  const backoffBase = deps.backoffBaseMs ?? 30_000;
  const kickDelay = deps.kickDelayMs ?? 2_000;
  let disposed = false;
  // Activity lines are written in the background; disposing waits for them (nothing is written after it).
  const activity = backgroundRecorder(deps.activity);

  const rules = (): SyncRule[] => {
    const parsed = z.array(syncRuleSchema).safeParse(deps.settings.get<unknown>(RULES_KEY) ?? []);
    if (!parsed.success) {
      deps.logger.warn('Sync rules in the settings are unreadable; none are run', {});
      return [];
    }
    return parsed.data;
  };
  const ruleById = (id: string): SyncRule => {
    const rule = rules().find((candidate) => candidate.id === id);
    if (!rule) throw new AppError('not_found', 'This sync rule does not exist (any more).', { details: because(reason('folders.ruleUnknown')) });
    return rule;
  };
  const runtimeOf = (id: string): Runtime => {
    let runtime = runtimes.get(id);
    if (!runtime) {
      runtime = { status: { state: 'idle', totalWritten: 0, pending: 0, failures: [] }, failuresInRow: 0 };
      runtimes.set(id, runtime);
    }
    return runtime;
  };
  const statusOf = (rule: SyncRule): SyncRuleStatus => ({
    rule,
    profileName: deps.profileName(rule.profileId) ?? rule.profileId,
    ...runtimeOf(rule.id).status,
    ...(rule.paused && runtimeOf(rule.id).status.state !== 'running' ? { state: 'paused' as const } : {}),
  });
  const emit = (): void => deps.events.emit('sync.changed', { statuses: rules().map(statusOf) });

  function schedule(rule: SyncRule, delayMs: number): void {
    const runtime = runtimeOf(rule.id);
    runtime.timer?.cancel();
    delete runtime.timer;
    if (disposed || rule.paused) {
      delete runtime.status.nextRunAt;
      return;
    }
    runtime.status.nextRunAt = new Date(deps.clock.now() + delayMs).toISOString();
    runtime.timer = deps.clock.setTimeout(() => {
      delete runtime.timer;
      void run(rule.id);
    }, delayMs);
  }

  function waitWith(runtime: Runtime, message: string, why: ErrorReason): void {
    runtime.timer?.cancel();
    delete runtime.timer;
    delete runtime.status.nextRunAt;
    runtime.status.state = 'waiting';
    say(runtime, message, why);
  }

  async function run(id: string): Promise<void> {
    const runtime = runtimeOf(id);
    if (runtime.running) return runtime.running;
    let rule: SyncRule;
    try {
      rule = ruleById(id);
    } catch {
      return;
    }
    if (rule.paused || disposed) return;
    if (rule.profileId !== deps.activeProfileId()) {
      const profile = deps.profileName(rule.profileId) ?? rule.profileId;
      waitWith(runtime, `Runs while the profile “${profile}” is active.`, reason('folders.syncWaitProfile', { profile }));
      emit();
      return;
    }
    if (!deps.signedIn()) {
      waitWith(runtime, 'Waiting for you to sign in.', reason('folders.syncWaitSignIn'));
      emit();
      return;
    }
    const control = new AbortController();
    runtime.control = control;
    runtime.status.state = 'running';
    say(runtime, undefined);
    delete runtime.status.errorCode;
    runtime.status.lastRunAt = new Date(deps.clock.now()).toISOString();
    emit();
    runtime.running = (async () => {
      try {
        const result = await runSyncRule(rule, { api: deps.api, journals, signal: control.signal, ...(deps.writerThreads ? { writerThreads: deps.writerThreads } : {}), ...(deps.fileSystem ? { fileSystem: deps.fileSystem } : {}) });
        runtime.failuresInRow = 0;
        Object.assign(runtime.status, {
          state: 'idle',
          lastSuccessAt: new Date(deps.clock.now()).toISOString(),
          lastRun: result.counts,
          totalWritten: result.totalWritten,
          pending: result.pending,
          failures: result.failures,
        });
        if (result.failures.length > 0) say(runtime, `${result.counts.failed} document(s) could not be saved; they are tried again on the next run.`, reason('folders.syncSomeFailed', { failed: result.counts.failed }));
        if (result.newRecords.length > 0) deps.notifier.notify(`Ledgerdesk · ${rule.name}`, notificationText(result.newRecords));
        if (result.counts.written > 0 || result.counts.failed > 0 || result.counts.marked > 0) {
          activity.record({
            action: 'sync.run',
            target: `${rule.name} → ${rule.folder}`,
            outcome: result.counts.failed > 0 ? 'failed' : 'ok',
            detail: `${result.counts.written} saved, ${result.counts.skipped} already there, ${result.counts.failed} failed, ${result.counts.marked} marked downloaded`,
          });
        }
        schedule(rule, rule.intervalMinutes * MINUTE);
      } catch (error) {
        failed(rule, runtime, error, control.signal.aborted);
      } finally {
        delete runtime.control;
        delete runtime.running;
        emit();
      }
    })();
    return runtime.running;
  }

  function failed(rule: SyncRule, runtime: Runtime, error: unknown, aborted: boolean): void {
    if (aborted) {
      runtime.status.state = 'idle';
      return;
    }
    const code = isAppError(error) ? error.code : 'internal';
    const message = error instanceof Error ? error.message : String(error);
    runtime.failuresInRow += 1;
    runtime.status.errorCode = code;
    if (code === 'unauthorized') {
      waitWith(runtime, 'Your session ended: sign in again and the rule goes on where it stopped.', reason('folders.syncSessionEnded'));
      return;
    }
    const delay = Math.min(rule.intervalMinutes * MINUTE, backoffBase * 2 ** (runtime.failuresInRow - 1));
    const busy = code === 'unavailable' || code === 'network' || code === 'timeout';
    runtime.status.state = busy ? 'backoff' : 'error';
    const seconds = Math.round(delay / 1000);
    if (busy) say(runtime, `${busyLead(error)}: ${message.replace(/\.$/, '')}. Trying again in ${seconds} s.`, busyReason(error, seconds));
    // An error without a reason of its own (a library's, an unexpected one) is framed, its words quoted.
    else say(runtime, message, (isAppError(error) ? reasonOf(error.details) : undefined) ?? reason('folders.syncRunFailed', { said: message }));
    deps.logger.warn('Sync: a run failed', { ruleId: rule.id, code, failuresInRow: runtime.failuresInRow });
    // Once per spell of failures, not at every retry.
    if (runtime.failuresInRow === 1) activity.record({ action: 'sync.run', target: `${rule.name} → ${rule.folder}`, outcome: 'failed', detail: message });
    schedule(rule, delay);
  }

  async function validate(rule: SyncRule): Promise<void> {
    checkTemplate(rule.template);
    if (!deps.profileName(rule.profileId)) throw new AppError('validation', 'The rule names a profile that does not exist.', { details: because(reason('folders.ruleProfileUnknown')) });
    await checkSyncFolder(rule.folder, deps.fileSystem);
    const other = rules().find((candidate) => candidate.id !== rule.id && samePath(candidate.folder, rule.folder));
    if (other) {
      throw new AppError('conflict', `The folder ${rule.folder} is already used by the rule “${other.name}”. Two rules in one folder would overwrite each other’s files: choose another folder.`, {
        details: because(reason('folders.ruleFolderTaken', { path: rule.folder, rule: other.name })),
      });
    }
  }

  const stop = async (runtime: Runtime | undefined): Promise<void> => {
    runtime?.timer?.cancel();
    if (runtime) delete runtime.timer;
    runtime?.control?.abort();
    await runtime?.running;
  };

  return {
    statuses: () => rules().map(statusOf),
    async save(draft) {
      const existing = draft.id ? rules().find((candidate) => candidate.id === draft.id) : undefined;
      if (draft.id && !existing) throw new AppError('not_found', 'This sync rule does not exist (any more).', { details: because(reason('folders.ruleUnknown')) });
      const folder = draft.folder ?? existing?.folder;
      if (!folder) throw new AppError('validation', 'Choose a folder for the rule.', { details: because(reason('folders.ruleChooseFolder')) });
      const rule = syncRuleSchema.parse({ ...draft, folder, id: draft.id ?? `${slug(draft.name)}-${crypto.randomBytes(3).toString('hex')}` });
      await validate(rule);
      await stop(runtimes.get(rule.id));
      const all = rules().filter((candidate) => candidate.id !== rule.id);
      deps.settings.set(RULES_KEY, [...all, rule]);
      schedule(rule, 0);
      emit();
      return statusOf(rule);
    },
    async remove(id) {
      const before = rules();
      if (!before.some((rule) => rule.id === id)) return false;
      await stop(runtimes.get(id));
      runtimes.delete(id);
      deps.settings.set(RULES_KEY, before.filter((rule) => rule.id !== id));
      await journals.remove(id);
      emit();
      return true;
    },
    async setPaused(id, paused) {
      const rule = { ...ruleById(id), paused };
      deps.settings.set(RULES_KEY, rules().map((candidate) => (candidate.id === id ? rule : candidate)));
      if (paused) await stop(runtimes.get(id));
      const runtime = runtimeOf(id);
      if (paused) {
        delete runtime.status.nextRunAt;
        say(runtime, undefined);
      } else schedule(rule, 0);
      emit();
      return statusOf(rule);
    },
    async runNow(id) {
      const rule = ruleById(id);
      if (rule.paused) throw new AppError('conflict', `The rule “${rule.name}” is paused: resume it first.`, { details: because(reason('folders.rulePaused', { rule: rule.name })) });
      runtimeOf(id).timer?.cancel();
      await run(id);
      return statusOf(ruleById(id));
    },
    kick() {
      for (const rule of rules()) if (!runtimeOf(rule.id).running) schedule(rule, kickDelay);
      emit();
    },
    async dispose() {
      disposed = true;
      await Promise.all([...runtimes.values()].map((runtime) => stop(runtime)));
      await activity.settled();
    },
  };
}

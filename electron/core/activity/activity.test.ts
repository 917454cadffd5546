import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ActivityPage, ActivityVerification } from '../../../shared/contract';
import { createCoreApp, type CoreAppWithServices } from '../app';
import { MemoryLogger, MemorySecretVault, MemorySettingsStore, createMemoryPorts } from '../testing/memory-ports';
import { chainEntry, GENESIS, parseLine } from './chain';
import { createActivityLog, type ActivityLog } from './log';

const ctx = { caller: 'test' };
const folders: string[] = [];
let app: CoreAppWithServices | undefined;

afterEach(async () => {
  await app?.dispose();
  app = undefined;
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

function tempFolder(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerdesk-activity-'));
  folders.push(folder);
  return folder;
}

function makeLog(folder = tempFolder(), settings = new MemorySettingsStore()): ActivityLog {
  return createActivityLog({ folder, settings, logger: new MemoryLogger(), who: () => ({ profile: 'Local emulator', user: 'anna@example.test' }) });
}

async function writeThree(log: ActivityLog): Promise<string[]> {
  await log.record({ action: 'documents.send', target: 'invoice INV-1' });
  await log.record({ action: 'pems.closeJournal', target: 'PEM E001-000001', outcome: 'failed', detail: 'journal already closed' });
  await log.record({ action: 'profiles.save', target: 'Office' });
  return fs.readFileSync(log.filePath, 'utf8').trimEnd().split('\n');
}

describe('activity log', () => {
  it('keeps every action with time, profile, user, target and outcome, newest first', async () => {
    const log = makeLog();
    await writeThree(log);
    const page = await log.list({}, 0, 10);
    expect(page.total).toBe(3);
    expect(page.entries.map((entry) => entry.action)).toEqual(['profiles.save', 'pems.closeJournal', 'documents.send']);
    expect(page.entries[1]).toMatchObject({ seq: 2, profile: 'Local emulator', user: 'anna@example.test', target: 'PEM E001-000001', outcome: 'failed', detail: 'journal already closed' });
    expect(await log.list({ outcome: 'failed' }, 0, 10)).toMatchObject({ total: 1 });
    expect(await log.list({ text: 'inv-1' }, 0, 10)).toMatchObject({ total: 1, entries: [{ action: 'documents.send' }] });
    expect(await log.list({ action: 'profiles.save' }, 0, 10)).toMatchObject({ total: 1 });
  });

  it('verifies an untouched log as intact', async () => {
    const log = makeLog();
    await writeThree(log);
    expect(await log.verify()).toMatchObject({ intact: true, checked: 3 });
  });

  it('finds the line that was edited', async () => {
    const log = makeLog();
    const lines = await writeThree(log);
    lines[1] = (lines[1] as string).replace('"outcome":"failed"', '"outcome":"ok"');
    fs.writeFileSync(log.filePath, `${lines.join('\n')}\n`);
    const result = await log.verify();
    expect(result).toMatchObject({ intact: false, problem: { line: 2, seq: 2, kind: 'edited' } });
    expect(result.problem?.message).toBe('Line 2 (entry 2) was edited after it was written.');
  });

  it('finds a removed line, and entries cut off the end', async () => {
    const log = makeLog();
    const lines = await writeThree(log);
    fs.writeFileSync(log.filePath, `${[lines[0], lines[2]].join('\n')}\n`);
    expect(await log.verify()).toMatchObject({ intact: false, problem: { line: 2, seq: 3, kind: 'removed_or_inserted' } });

    const other = makeLog();
    const written = await writeThree(other);
    fs.writeFileSync(other.filePath, `${[written[0], written[1]].join('\n')}\n`);
    const cut: ActivityVerification = await other.verify();
    expect(cut).toMatchObject({ intact: false, problem: { kind: 'truncated' } });
    expect(cut.problem?.message).toBe('The log ends at entry 2, but 3 were written: entries were removed from its end.');
  });

  it('finds a line that is not an entry at all', async () => {
    const log = makeLog();
    const lines = await writeThree(log);
    fs.writeFileSync(log.filePath, `${[lines[0], 'hello', lines[2]].join('\n')}\n`);
    expect(await log.verify()).toMatchObject({ intact: false, problem: { line: 2, kind: 'unreadable' } });
  });

  it('drops a line a crash cut short and goes on with an intact chain', async () => {
    const folder = tempFolder();
    const settings = new MemorySettingsStore();
    const first = makeLog(folder, settings);
    const lines = await writeThree(first);
    fs.appendFileSync(first.filePath, (lines[2] as string).slice(0, 40));
    const again = makeLog(folder, settings);
    await again.record({ action: 'session.signOut', target: '' });
    expect(await again.verify()).toMatchObject({ intact: true, checked: 4 });
    expect((await again.list({}, 0, 1)).entries[0]).toMatchObject({ seq: 4, action: 'session.signOut' });
  });

  it('masks secret-looking text in targets and details', async () => {
    const log = makeLog();
    await log.record({ action: 'documents.send', target: 'x', outcome: 'failed', detail: 'refused: password=hunter2 and Bearer eyJhbGciOi.eyJzdWIi.sig' });
    const text = fs.readFileSync(log.filePath, 'utf8');
    expect(text).not.toContain('hunter2');
    expect(text).not.toContain('eyJhbGciOi');
  });
});

describe('activity log that remembers it was altered', () => {
  /** One app's data: the log folder, its settings and its secrets vault, kept across restarts. */
  function dataFolder() {
    const folder = tempFolder();
    const settings = new MemorySettingsStore();
    const secrets = new MemorySecretVault();
    let clock = Date.parse('2026-11-20T09:00:00Z');
    const open = (): ActivityLog => createActivityLog({ folder, settings, secrets, logger: new MemoryLogger(), who: () => ({ profile: 'Local emulator', user: 'anna@example.test' }), now: () => new Date((clock += 60_000)) });
    return { folder, settings, secrets, open };
  }

  const lastLinesCut = (log: ActivityLog, count: number): void => {
    const lines = fs.readFileSync(log.filePath, 'utf8').trimEnd().split('\n');
    fs.writeFileSync(log.filePath, `${lines.slice(0, lines.length - count).join('\n')}\n`);
  };

  it('says entries cut off the end while the app was closed at start, and still after more actions and a restart', async () => {
    const data = dataFolder();
    const first = data.open();
    await writeThree(first);
    await first.record({ action: 'session.signOut', target: '' });
    lastLinesCut(first, 2);

    const second = data.open();
    const atStart = await second.verify();
    expect(atStart).toMatchObject({ intact: false, problem: { kind: 'truncated' } });
    expect(atStart.brokenSince).toBeDefined();
    await second.record({ action: 'profiles.save', target: 'Office' });
    expect(await second.verify()).toMatchObject({ intact: false, brokenSince: atStart.brokenSince, problem: { kind: 'truncated', message: 'The log ends at entry 2, but 4 were written: entries were removed from its end.' } });

    const third = data.open();
    await third.record({ action: 'profiles.save', target: 'Office 2' });
    expect(await third.verify()).toMatchObject({ intact: false, brokenSince: atStart.brokenSince, problem: { kind: 'truncated' } });
  });

  it('finds a log whose chain and head were recomputed without the vault’s key', async () => {
    const data = dataFolder();
    const log = data.open();
    await writeThree(log);
    // The edit a user-level tool could make: change an entry, then chain every line again and store a matching head.
    let prev = GENESIS;
    const rewritten = fs.readFileSync(log.filePath, 'utf8').trimEnd().split('\n').map((line, index) => {
      const { prev: _prev, hash: _hash, ...fields } = parseLine(line) as NonNullable<ReturnType<typeof parseLine>>;
      const chained = chainEntry(index === 1 ? { ...fields, outcome: 'ok' } : fields, prev);
      prev = chained.hash;
      return JSON.stringify(chained);
    });
    fs.writeFileSync(log.filePath, `${rewritten.join('\n')}\n`);
    const signed = data.settings.get<Record<string, unknown>>('activity.head');
    data.settings.set('activity.head', { seq: 3, hash: prev });
    expect(await data.open().verify()).toMatchObject({ intact: false, problem: { kind: 'head_unsigned' } });

    // Keeping the old signature beside the new chain's head does not pass either.
    const again = dataFolder();
    const other = again.open();
    await writeThree(other);
    fs.writeFileSync(other.filePath, `${rewritten.join('\n')}\n`);
    again.settings.set('activity.head', { ...again.settings.get<Record<string, unknown>>('activity.head'), seq: 3, hash: prev });
    expect(await again.open().verify()).toMatchObject({ intact: false, problem: { kind: 'head_forged' } });
    expect(signed).toHaveProperty('mac');
  });

  it('is intact again once the user acknowledges, with the acknowledgement in the log itself', async () => {
    const data = dataFolder();
    const first = data.open();
    await writeThree(first);
    lastLinesCut(first, 2);
    const second = data.open();
    const broken = await second.verify();
    expect(broken.intact).toBe(false);

    const answer = await second.acknowledge();
    expect(answer).toMatchObject({ intact: true, checked: 2 });
    expect(answer.brokenSince).toBeUndefined();
    const [newest] = (await second.list({}, 0, 1)).entries;
    expect(newest).toMatchObject({ seq: 2, action: 'activity.acknowledged', user: 'anna@example.test' });
    expect(newest?.detail).toBe(`Found altered on ${broken.brokenSince}: The log ends at entry 1, but 3 were written: entries were removed from its end. Acknowledged; checked from this entry on.`);
    await second.record({ action: 'profiles.save', target: 'Office' });
    expect(await second.verify()).toMatchObject({ intact: true, checked: 3 });
    expect(await data.open().verify()).toMatchObject({ intact: true, checked: 3 });

    // An alteration after the acknowledgement is found again.
    lastLinesCut(second, 1);
    expect(await data.open().verify()).toMatchObject({ intact: false, problem: { kind: 'truncated' } });
  });

  it('signs the head of a log kept by an earlier version, and says nothing of it', async () => {
    const folder = tempFolder();
    const settings = new MemorySettingsStore();
    const unsigned = makeLog(folder, settings);
    await writeThree(unsigned);
    expect(settings.get<Record<string, unknown>>('activity.head')).not.toHaveProperty('mac');
    const secrets = new MemorySecretVault();
    const upgraded = createActivityLog({ folder, settings, secrets, logger: new MemoryLogger(), who: () => ({ profile: 'p', user: null }) });
    expect(await upgraded.verify()).toMatchObject({ intact: true, checked: 3 });
    expect(settings.get<Record<string, unknown>>('activity.head')).toHaveProperty('mac');
    expect(secrets.values.get('activity.headKey')).toMatch(/^[A-Za-z0-9+/]{43}=$/);
  });
});

describe('activity log hooked into the core', () => {
  async function call<T>(channel: string, payload: unknown): Promise<{ ok: boolean; value?: T }> {
    const result = await (app as CoreAppWithServices).handle(channel, payload, ctx);
    return result.ok ? { ok: true, value: result.value as T } : { ok: false };
  }

  it('records sign-in attempts and certificate imports, failed ones too, and never their secrets', async () => {
    const userDataDir = tempFolder();
    app = createCoreApp(createMemoryPorts({ userDataDir }), { emulator: { autoStart: false } });
    await call('session.login', { email: 'anna@example.test', password: 'S3cret-Passw0rd!' });
    await call('certificates.import', { kind: 'p12', file: { kind: 'bytes', name: 'register.p12', base64: 'AAAA' }, passphrase: 'very-secret-passphrase' });
    await call('profiles.save', { name: 'Office', kind: 'remote', environment: 'sandbox', urls: { authUrl: 'https://a.example', documentsUrl: 'https://d.example', transferUrl: 'https://t.example', fiscalUrl: 'https://f.example', fiscalMtlsUrl: 'https://m.example' } });
    const page = await call<ActivityPage>('activity.list', {});
    const actions = page.value?.entries.map((entry) => [entry.action, entry.outcome]);
    expect(actions).toEqual([
      ['profiles.save', 'ok'],
      ['certificates.import', 'failed'],
      ['session.signIn', 'failed'],
    ]);
    expect(page.value?.entries[2]).toMatchObject({ target: 'anna@example.test', user: null });
    const file = fs.readFileSync(path.join(userDataDir, 'activity', 'activity.log'), 'utf8');
    expect(file).not.toContain('S3cret-Passw0rd!');
    expect(file).not.toContain('very-secret-passphrase');
    expect(file).toContain('register.p12');
  });

  it('does not record reads, and exports what it has as CSV', async () => {
    app = createCoreApp(createMemoryPorts({ userDataDir: tempFolder() }), { emulator: { autoStart: false } });
    await call('profiles.list', {});
    await call('session.logout', {});
    const csv = await call<{ fileName: string; base64: string }>('activity.exportCsv', {});
    const text = Buffer.from(csv.value?.base64 ?? '', 'base64').toString('utf8');
    const rows = text.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(rows[0]).toBe('seq,time,profile,user,action,target,outcome,detail');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain(',session.signOut,');
    const after = await call<ActivityPage>('activity.list', {});
    expect(after.value?.entries.map((entry) => entry.action)).toEqual(['activity.export', 'session.signOut']);
  });
});

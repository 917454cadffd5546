/**
 * A crash between `sending` and `accepted`: a child process sends one file and is killed with
 * SIGKILL at the worst moments; a new service on the same folder must end with the file on the
 * service exactly once, never lost, never duplicated.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from '../../../emulator/testing';
import type { LocalFileRef } from '../files/file-ref';
import { journalLineSchema, type JournalEntry } from './journal/entry';
import { base64, invoiceXml, writeFile } from './testing/fixtures';
import { createTestUploads, demoAccountUser, waitFor, type TestUploads } from './testing/harness';

const childScript = fileURLToPath(new URL('./testing/crash-child.ts', import.meta.url));
const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url));

let emulator: TestEmulator;
let token: string;
let user: { uid: string; email: string };
const dirs: string[] = [];
const open: TestUploads[] = [];

beforeAll(async () => {
  emulator = await startTestEmulator({ processingDelayMs: 5, documents: 0 });
  token = await emulator.login('full');
  user = demoAccountUser(emulator.context.accounts, 'full');
});

afterEach(async () => {
  await Promise.all(open.splice(0).map((t) => t.close()));
});

afterAll(async () => {
  await emulator.close();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function runChild(config: object): Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', childScript, JSON.stringify(config)], { cwd: repositoryRoot, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve({ code, signal, stderr }));
  });
}

function journalEntries(userDataDir: string): JournalEntry[] {
  const text = fs.readFileSync(path.join(userDataDir, 'uploads', 'journal.jsonl'), 'utf8');
  const byId = new Map<string, JournalEntry>();
  for (const line of text.split('\n').filter(Boolean)) {
    const entry = journalLineSchema.parse(JSON.parse(line)).entry;
    byId.set(entry.localId, entry);
  }
  return [...byId.values()];
}

async function serverCount(e2eId: string): Promise<number> {
  const response = await fetch(`${emulator.urls.transferUrl}/uploads?e2e_id=${encodeURIComponent(e2eId)}`, { headers: { authorization: `Bearer ${token}` } });
  return ((await response.json()) as unknown[]).length;
}

async function crashThenRestart(killAt: 'beforePost' | 'afterPostAnswer', file: LocalFileRef) {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerdesk-uploads-crash-'));
  dirs.push(userDataDir);
  const exit = await runChild({ transferUrl: emulator.urls.transferUrl, token, user, userDataDir, file, killAt });
  expect(exit.signal, exit.stderr).toBe('SIGKILL');
  const [left] = journalEntries(userDataDir);
  expect(left?.state).toBe('sending');
  const countAtCrash = await serverCount(left?.e2eId ?? '');

  const t = createTestUploads({ transferUrl: emulator.urls.transferUrl, userDataDir, token, user });
  open.push(t);
  await t.service.start();
  const [entry] = await waitFor(async () => {
    const list = await t.service.list();
    return list.length === 1 && list[0]?.state === 'done' ? list : undefined;
  });
  return { entry, countAtCrash, t, userDataDir };
}

describe('a crash while sending', () => {
  it('killed after `sending` was written but before the POST left: not found on the service, sent once', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerdesk-uploads-crash-files-'));
    dirs.push(folder);
    const file = writeFile(folder, 'before-post.xml', invoiceXml('K-1'));
    const { entry, countAtCrash, t } = await crashThenRestart('beforePost', { kind: 'path', path: file });
    expect(countAtCrash).toBe(0);
    expect(await serverCount(entry?.e2eId ?? '')).toBe(1);
    expect(t.requests.filter((r) => r === 'POST /upload')).toHaveLength(1);
    const notes = entry?.history.map((h) => `${h.state}: ${h.note ?? ''}`) ?? [];
    expect(notes).toContain('uncertain: The app stopped while this file was being sent');
    expect(notes).toContain('queued: The service has no trace of the file; sending it again.');
  });

  it('killed after the 202 arrived but before it was journaled: found by End-to-end ID, adopted, not sent again', async () => {
    const { entry, countAtCrash, t, userDataDir } = await crashThenRestart('afterPostAnswer', {
      kind: 'bytes',
      name: 'after-answer.xml',
      base64: base64(invoiceXml('K-2')),
    });
    expect(countAtCrash).toBe(1);
    expect(await serverCount(entry?.e2eId ?? '')).toBe(1);
    expect(t.requests.filter((r) => r === 'POST /upload')).toHaveLength(0);
    expect(entry?.history.some((h) => h.note?.startsWith('Found on the service'))).toBe(true);
    expect(entry?.history.find((h) => h.state === 'uncertain')?.note).toBe('The app stopped while this file was being sent');
    expect(entry?.warning).toBeUndefined();
    // The dropped bytes survived the crash as a blob, and are deleted once the file is delivered.
    await waitFor(() => fs.readdirSync(path.join(userDataDir, 'uploads', 'blobs')).length === 0);
  });
});

/**
 * With Electron replaced by a fake that says the app is packaged: the environment variables tests use
 * to load other code (pre-bundled worker threads, another standards folder) change nothing.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';

const fake = vi.hoisted(() => ({ isPackaged: true }));
vi.mock('electron', () => ({ app: fake }));

const elsewhere = mkdtempSync(join(tmpdir(), 'ledgerdesk-elsewhere-'));
writeFileSync(join(elsewhere, 'file-reader.cjs'), 'throw new Error("code from an environment variable ran")');
const saved = { threads: process.env.LEDGERDESK_THREADS_DIR, standards: process.env.LEDGERDESK_STANDARDS_DIR };
afterAll(() => {
  rmSync(elsewhere, { recursive: true, force: true });
  for (const [name, value] of [['LEDGERDESK_THREADS_DIR', saved.threads], ['LEDGERDESK_STANDARDS_DIR', saved.standards]] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

beforeEach(() => {
  vi.resetModules();
  process.env.LEDGERDESK_THREADS_DIR = elsewhere;
  process.env.LEDGERDESK_STANDARDS_DIR = elsewhere;
});

const loadShell = async () => {
  const { ignoreDevOverridesWhenPackaged } = await import('./packaged');
  const { threadBundle } = await import('../core/files/threads/thread-entry');
  const { standardsDir } = await import('../../standards/engine/paths');
  return { ignoreDevOverridesWhenPackaged, threadBundle, standardsDir };
};

describe('a packaged app and environment variables', () => {
  it('starts its worker threads from what it ships, not from the folder LEDGERDESK_THREADS_DIR names', async () => {
    fake.isPackaged = true;
    const { ignoreDevOverridesWhenPackaged, threadBundle } = await loadShell();
    ignoreDevOverridesWhenPackaged();
    expect(threadBundle('file-reader') ?? '').not.toContain(elsewhere);
  });

  it('while a development run (not packaged) still takes the tests’ pre-bundled threads from it', async () => {
    fake.isPackaged = false;
    const { ignoreDevOverridesWhenPackaged, threadBundle } = await loadShell();
    ignoreDevOverridesWhenPackaged();
    expect(threadBundle('file-reader')).toBe(join(elsewhere, 'file-reader.cjs'));
  });

  it('loads the official rules from the folder it ships whatever LEDGERDESK_STANDARDS_DIR says', async () => {
    fake.isPackaged = true;
    const { ignoreDevOverridesWhenPackaged, standardsDir } = await loadShell();
    ignoreDevOverridesWhenPackaged();
    expect(standardsDir()).not.toContain(elsewhere);
    expect(standardsDir()).toMatch(/standards$/);
  });
});

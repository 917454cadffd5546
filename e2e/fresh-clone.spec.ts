/**
 * The official rules from the first start (issue 23): in a clone of this repository where nothing but
 * the dependencies' install happened (node_modules linked from this checkout: the same lockfile),
 * `npm run emulator` accepts a valid credit note and refuses an invalid one with the official rule
 * ids, and the browser shell validates a Peppol invoice and renders a FatturaPA with the official
 * stylesheet. With a compiled rule file damaged, the emulator answers 503 with a problem body and the
 * app says what happened in plain words. The clone is of the committed HEAD.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { expect, test, type Page } from '@playwright/test';
import { chromium } from 'playwright-core';
import { startBrowserShell, type EmulatorStartupLine } from './browser-shell-process';
import type { PageGlobals } from './page-globals';
import { repoRoot } from './shell-choice';

test.describe.configure({ mode: 'serial', timeout: 600_000 });

const fixtures = join(repoRoot, '..', 'shared', 'fixtures');
const fixture = (path: string): Buffer => readFileSync(join(fixtures, path));
const workDir = mkdtempSync(join(tmpdir(), 'ledgerdesk-fresh-clone-'));
const clone = join(workDir, 'ledgerdesk');

test.beforeAll(() => {
  const cloned = spawnSync('git', ['clone', '--quiet', '--no-hardlinks', repoRoot, clone], { encoding: 'utf8' });
  expect(cloned.status, cloned.stderr).toBe(0);
  symlinkSync(join(repoRoot, 'node_modules'), join(clone, 'node_modules'), 'dir');
});
test.afterAll(() => rmSync(workDir, { recursive: true, force: true }));

interface RunningEmulator {
  startup: EmulatorStartupLine;
  stop(): Promise<void>;
}

const startEmulator = (dataDir: string): Promise<RunningEmulator> =>
  new Promise((resolve, reject) => {
    const child: ChildProcess = spawn('npm', ['run', '--silent', 'emulator', '--', '--port', '0', '--data-dir', dataDir], {
      cwd: clone,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`npm run emulator exited (${String(code)}): ${stderr.slice(-2000)}`)));
    createInterface({ input: child.stdout! }).once('line', (line) => {
      const stop = async (): Promise<void> => {
        const exited = new Promise<void>((done) => child.once('exit', () => done()));
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
        await exited;
      };
      resolve({ startup: JSON.parse(line) as EmulatorStartupLine, stop });
    });
  });

const tokenFor = async (emulator: EmulatorStartupLine): Promise<string> => {
  const account = emulator.accounts.find((candidate) => candidate.name === 'full');
  const response = await fetch(`${emulator.authUrl}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account?.email, password: account?.password, environment: account?.environment }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
};

const sendCreditNote = async (emulator: EmulatorStartupLine, token: string, body: Buffer): Promise<Response> =>
  fetch(`${emulator.documentsUrl}/credit-notes`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/xml',
      accept: 'application/problem+json',
      'x-validation-rule': 'peppol-bis-billing-3.0-credit-note',
    },
    body,
  });

/** Starts the clone's browser shell, opens its page in Chromium and runs `use` with it; stops both after. */
const withClonePage = async (name: string, use: (page: Page) => Promise<void>): Promise<void> => {
  const shell = await startBrowserShell({ root: clone, userDataDir: join(workDir, `user-data-${name}`), env: {}, logPath: join(workDir, `shell-${name}.log`) });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage();
    await page.goto(shell.url);
    await page.waitForFunction(() => (globalThis as unknown as PageGlobals).acube !== undefined);
    await use(page);
  } finally {
    await browser.close();
    await shell.stop();
  }
};

/** Validates Peppol's base-example.xml through the page's own bridge; answers the bridge's envelope. */
const validateBaseExample = (page: Page): Promise<unknown> =>
  page.evaluate(
    (base64) => (globalThis as unknown as PageGlobals).acube?.invoke('standards.validate', { file: { kind: 'bytes', name: 'base-example.xml', base64 } }),
    fixture('peppol-bis-invoice-3/base-example.xml').toString('base64'),
  );

const VALID_CREDIT_NOTE = 'peppol-bis-invoice-3/base-creditnote-correction.xml';
// Valid under EN 16931, refused by the Peppol layer (PEPPOL-EN16931-R004), as index.json records.
const INVALID_CREDIT_NOTE = 'eInvoicing-EN16931/ubl-tc434-creditnote1.xml';

test('npm run emulator in a fresh clone accepts a valid credit note (202) and refuses an invalid one with the official rule ids (422)', async () => {
  const emulator = await startEmulator(join(workDir, 'emulator-data'));
  try {
    const token = await tokenFor(emulator.startup);
    const accepted = await sendCreditNote(emulator.startup, token, fixture(VALID_CREDIT_NOTE));
    expect(accepted.status, await accepted.clone().text()).toBe(202);
    const refused = await sendCreditNote(emulator.startup, token, fixture(INVALID_CREDIT_NOTE));
    expect(refused.status).toBe(422);
    const violations = ((await refused.json()) as { violations: { code: string }[] }).violations.map((violation) => violation.code);
    expect(violations).toContain('PEPPOL-EN16931-R004');
  } finally {
    await emulator.stop();
  }
});

test('the browser shell of a fresh clone validates a Peppol invoice and shows a FatturaPA with the official stylesheet', async () => {
  await withClonePage('fresh', async (page) => {
    expect(await validateBaseExample(page)).toMatchObject({ ok: true, value: { valid: true, kind: 'invoice', ruleSet: { code: 'peppol-bis-billing-3.0-invoice' } } });

    const fattura = fixture('ph-fatturapa/IT01234567890_FPR01.xml').toString('base64');
    const rendered = await page.evaluate(async (base64) => {
      const acube = (globalThis as unknown as PageGlobals).acube!;
      const opened = (await acube.invoke('viewer.open', { name: 'IT01234567890_FPR01.xml', base64 })) as { value: { id: string; documents: { stylesheets: string[] }[] } };
      const html = (await acube.invoke('viewer.render', { id: opened.value.id, index: 0, stylesheet: 'fatturapa-ade' })) as { value: { html: string } };
      return { stylesheets: opened.value.documents[0]?.stylesheets ?? [], html: html.value.html };
    }, fattura);
    expect(rendered.stylesheets).toContain('fatturapa-ade');
    expect(rendered.html).toContain('SOCIETA');
  });
});

test('with a compiled rule file damaged, the emulator answers 503 with a problem body and the app says to reinstall', async () => {
  const cen = join(clone, 'standards', 'sef', 'peppol', '2026.5', 'xslt', 'CEN-EN16931-UBL.sef.json.br');
  writeFileSync(cen, readFileSync(cen).subarray(0, 1000));

  const emulator = await startEmulator(join(workDir, 'emulator-data-damaged'));
  try {
    const token = await tokenFor(emulator.startup);
    const refused = await sendCreditNote(emulator.startup, token, fixture(VALID_CREDIT_NOTE));
    expect(refused.status).toBe(503);
    expect(refused.headers.get('content-type')).toContain('application/problem+json');
    expect(((await refused.json()) as { detail: string }).detail).toMatch(/official validation rules are not available.*damaged/);
  } finally {
    await emulator.stop();
  }

  await withClonePage('damaged', async (page) => {
    expect(await validateBaseExample(page)).toMatchObject({ ok: false, error: { code: 'unavailable', details: { userMessage: { key: 'standards.rulesUnavailable' } } } });
  });
});

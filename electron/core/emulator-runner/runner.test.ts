import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import readline from 'node:readline';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { EmulatorStatus } from '../../../shared/contract';
import { MemoryLogger } from '../testing/memory-ports';
import { createEmulatorRunner, type EmulatorRunner } from './runner';
import { isProcessAlive } from '../testing/processes';

const fakeEmulator = fileURLToPath(new URL('../testing/fake-emulator.ts', import.meta.url));
const runners: EmulatorRunner[] = [];

function runner(mode: string, options: { startTimeoutMs?: number; stopGraceMs?: number; extraArgs?: string[] } = {}) {
  const logger = new MemoryLogger();
  const statuses: EmulatorStatus[] = [];
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerdesk-runner-'));
  const created = createEmulatorRunner({
    launch: { command: process.execPath, args: ['--import', 'tsx', fakeEmulator], env: { FAKE_EMULATOR_MODE: mode } },
    userDataDir,
    logger,
    onStatus: (s) => statuses.push(s),
    ...options,
  });
  runners.push(created);
  return { runner: created, logger, statuses, userDataDir };
}

afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.stop()));
});

describe('emulator runner', () => {
  it('starts the emulator, reads its startup line, passes its arguments, and stops it', async () => {
    const { runner: r, logger, statuses, userDataDir } = runner('ok', { extraArgs: ['--token-ttl', '5'] });
    const line = await r.start();
    expect(line.authUrl).toBe('http://127.0.0.1:1');
    expect(line.accounts[0]?.name).toBe('full');
    expect(line.args).toEqual([
      '--port', '0', '--data-dir', path.join(userDataDir, 'emulator'), '--seed', '1', '--token-ttl', '5',
      '--parent-pid', String(process.pid), '--exit-on-stdin-close',
    ]);
    expect(r.status()).toEqual({ state: 'running', urls: expect.objectContaining({ fiscalMtlsUrl: 'https://127.0.0.1:5' }) });
    expect(r.startup()).toEqual(line);
    // Joining a running emulator does not start another.
    expect(await r.start()).toBe(line);
    await r.stop();
    expect(statuses.map((s) => s.state)).toEqual(['starting', 'running', 'stopped']);
    expect(r.startup()).toBeUndefined();
    expect(logger.text()).toContain('emulator: fake emulator starting in mode ok');
    expect(logger.text()).not.toContain('secret-pass');
  });

  it('lets the host override the default flags', async () => {
    const created = createEmulatorRunner({
      launch: { command: process.execPath, args: ['--import', 'tsx', fakeEmulator, '--seed', '7'], env: { FAKE_EMULATOR_MODE: 'ok' } },
      userDataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerdesk-runner-')),
      logger: new MemoryLogger(),
    });
    runners.push(created);
    const line = await created.start();
    expect((line.args as string[]).filter((a) => a === '--seed')).toHaveLength(1);
  });

  it('fails clearly when the first line is not JSON', async () => {
    const { runner: r } = runner('garbage');
    await expect(r.start()).rejects.toMatchObject({
      code: 'unavailable',
      message: 'The local emulator printed something other than its startup line: "Listening on port 1234".',
    });
    // The status line words it in the UI language, quoting the emulator's technical detail.
    expect(r.status()).toMatchObject({
      state: 'failed',
      userMessage: { key: 'profiles.emulatorFailed', params: { said: 'The local emulator printed something other than its startup line: "Listening on port 1234".' } },
    });
  });

  it('fails clearly when the startup line lacks fields', async () => {
    const { runner: r } = runner('incomplete');
    await expect(r.start()).rejects.toMatchObject({ message: expect.stringMatching(/^The local emulator's startup line is incomplete: documentsUrl: is required/) });
  });

  it('reports an emulator that exits before it is ready, with its last words', async () => {
    const { runner: r, statuses } = runner('exit');
    await expect(r.start()).rejects.toMatchObject({ message: expect.stringContaining('stopped before it was ready (exit code 3)') });
    expect(statuses.at(-1)?.message).toContain('could not bind: address in use');
  });

  it('times out an emulator that never prints its startup line', async () => {
    const { runner: r } = runner('hang', { startTimeoutMs: 1500, stopGraceMs: 500 });
    await expect(r.start()).rejects.toMatchObject({ code: 'unavailable', message: expect.stringMatching(/^The local emulator did not start within 1.5 s\./) });
    expect(r.status().state).toBe('failed');
  });

  it('reports a command that cannot be run', async () => {
    const created = createEmulatorRunner({
      launch: { command: '/nonexistent/ledgerdesk-emulator', args: [] },
      userDataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerdesk-runner-')),
      logger: new MemoryLogger(),
    });
    await expect(created.start()).rejects.toMatchObject({ message: expect.stringContaining('could not be started (/nonexistent/ledgerdesk-emulator)') });
  });

  it('notices when the emulator dies and can start it again', async () => {
    const { runner: r, statuses } = runner('die-after-ready');
    await r.start();
    await expect.poll(() => r.status().state).toBe('failed');
    expect(r.status().message).toMatch(/stopped unexpectedly \(exit code 7\)\. Its last messages: .*fake emulator crashed/);
    expect(r.startup()).toBeUndefined();
    await r.start();
    expect(statuses.filter((s) => s.state === 'running')).toHaveLength(2);
  });

  it('kills an emulator that ignores SIGTERM after the grace period', async () => {
    const { runner: r, logger } = runner('stubborn', { stopGraceMs: 300 });
    await r.start();
    await r.stop();
    expect(r.status()).toEqual({ state: 'stopped' });
    expect(logger.text()).toContain('signal SIGKILL');
  });
});

describe('the emulator and a parent that dies', () => {
  const cli = fileURLToPath(new URL('../../../emulator/cli.ts', import.meta.url));
  const parentScript = fileURLToPath(new URL('./testing/orphaning-parent.ts', import.meta.url));

  const portIsFree = (url: string): Promise<boolean> =>
    new Promise((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(false));
      server.listen(Number(new URL(url).port), '127.0.0.1', () => server.close(() => resolve(true)));
    });

  it('exits and frees its five ports within 5 s of a SIGKILL of the app that started it', async () => {
    const parent = spawn(process.execPath, ['--import', 'tsx', parentScript, cli], { stdio: ['ignore', 'pipe', 'inherit'] });
    let emulatorPid: number | undefined;
    try {
      const [line] = (await once(readline.createInterface({ input: parent.stdout }), 'line')) as [string];
      const { pid, startup } = JSON.parse(line) as { pid: number; startup: Record<string, string> };
      emulatorPid = pid;
      const urls = [startup.authUrl, startup.documentsUrl, startup.transferUrl, startup.fiscalUrl, startup.fiscalMtlsUrl] as string[];
      expect(await Promise.all(urls.map(portIsFree))).toEqual([false, false, false, false, false]);

      parent.kill('SIGKILL');
      await expect.poll(() => isProcessAlive(pid), { timeout: 5_000, interval: 100 }).toBe(false);
      expect(await Promise.all(urls.map(portIsFree))).toEqual([true, true, true, true, true]);
    } finally {
      parent.kill('SIGKILL');
      if (emulatorPid !== undefined && isProcessAlive(emulatorPid)) process.kill(emulatorPid, 'SIGKILL');
    }
  }, 90_000);
});

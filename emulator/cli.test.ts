import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { decodeJwt } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';

const repoRoot = resolve(import.meta.dirname, '..');

function runCli(args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'emulator/cli.ts', ...args], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | null>((resolveExit) => child.on('exit', (code) => resolveExit(code)));
  const firstLine = new Promise<string>((resolveLine, reject) => {
    child.stdout.on('data', () => {
      const newline = stdout.indexOf('\n');
      if (newline >= 0) resolveLine(stdout.slice(0, newline));
    });
    void exited.then((code) => reject(new Error(`the emulator exited (${code}) before its startup line: ${stderr}`)));
  });
  return { child, firstLine, exited, output: () => ({ stdout, stderr }) };
}

describe('npm run emulator', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'emulator-cli-test-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('prints exactly one JSON line when ready, serves it, and exits 0 on SIGTERM', async () => {
    const run = runCli(['--port', '0', '--data-dir', dataDir, '--token-ttl', '60', '--faults', 'upload503=0.5', '--no-warm-up']);
    try {
      const line = JSON.parse(await run.firstLine) as Record<string, unknown> & { authUrl: string; caCertPath: string };
      expect(Object.keys(line).sort()).toEqual(
        ['accounts', 'authUrl', 'caCertPath', 'clientCertificates', 'documentsUrl', 'fiscalMtlsUrl', 'fiscalUrl', 'transferUrl'].sort(),
      );
      expect(line.caCertPath.startsWith(dataDir)).toBe(true);
      const response = await fetch(`${line.authUrl}/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'full@demo.ledgerdesk.test', password: 'full-demo-2026', environment: 'sandbox' }),
      });
      const claims = decodeJwt(((await response.json()) as { token: string }).token);
      expect(claims.exp! - claims.iat!).toBe(60);
    } finally {
      run.child.kill('SIGTERM');
    }
    expect(await run.exited).toBe(0);
    const { stdout, stderr } = run.output();
    expect(stdout.split('\n').filter(Boolean)).toHaveLength(1);
    expect(stderr).toMatch(/SIGTERM received, stopping/);
    expect(stderr).toMatch(/--no-warm-up: the validation rules load on the first send/);
  });

  it.each([
    [['--port', 'abc'], /--port must be a whole number/],
    [['--colour', 'blue'], /Unknown option '--colour'/],
    [['--faults', 'drop=7'], /drop must be a probability between 0 and 1/],
    [['--environment', 'staging'], /--environment must be sandbox or production/],
  ])('exits 2 with a message for %j', async (args, message) => {
    const run = runCli(args);
    run.firstLine.catch(() => {});
    expect(await run.exited).toBe(2);
    expect(run.output().stderr).toMatch(message);
    expect(run.output().stderr).toMatch(/Usage: npm run emulator/);
    expect(run.output().stdout).toBe('');
  });
});

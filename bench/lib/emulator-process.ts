import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

export interface EmulatorProcess {
  documentsUrl: string;
  transferUrl: string;
  /** Every address of the startup line, for a core profile pointing at this emulator. */
  urls: { authUrl: string; documentsUrl: string; transferUrl: string; fiscalUrl: string; fiscalMtlsUrl: string };
  /** The "full" demo account. */
  account: { email: string; password: string };
  /** Bearer token of the "full" demo account. */
  token: string;
  child: ChildProcess;
}

const startupLineSchema = z.looseObject({
  authUrl: z.string(),
  documentsUrl: z.string(),
  transferUrl: z.string(),
  fiscalUrl: z.string(),
  fiscalMtlsUrl: z.string(),
  accounts: z.array(z.looseObject({ name: z.string(), email: z.string(), password: z.string() })),
});

/**
 * The emulator in its own process, as the app runs it: the service's work must not share the
 * event loop (and the measured time) with the client under test. Signed in as the "full" account.
 */
export async function startEmulatorProcess(args: readonly string[]): Promise<EmulatorProcess> {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', 'emulator/cli.ts', '--port', '0', ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const [first] = (await Promise.race([once(lines, 'line'), once(child, 'exit').then(() => [undefined])])) as [string | undefined];
  if (!first) throw new Error('The emulator exited before printing its startup line.');
  const line = startupLineSchema.parse(JSON.parse(first));
  const account = line.accounts.find((candidate) => candidate.name === 'full');
  if (!account) throw new Error('The emulator has no "full" demo account.');
  const response = await fetch(`${line.authUrl}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password, environment: 'sandbox' }),
  });
  const { token } = z.object({ token: z.string() }).parse(await response.json());
  const urls = { authUrl: line.authUrl, documentsUrl: line.documentsUrl, transferUrl: line.transferUrl, fiscalUrl: line.fiscalUrl, fiscalMtlsUrl: line.fiscalMtlsUrl };
  return { documentsUrl: line.documentsUrl, transferUrl: line.transferUrl, urls, account: { email: account.email, password: account.password }, token, child };
}

export async function stopEmulatorProcess(emulator: EmulatorProcess): Promise<void> {
  emulator.child.kill('SIGTERM');
  await once(emulator.child, 'exit');
}

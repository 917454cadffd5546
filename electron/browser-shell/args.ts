import { parseArgs } from 'node:util';
import { z } from 'zod';

export interface BrowserShellArgs {
  port: number;
  open: boolean;
  /** Null means the OS-appropriate default folder. */
  userDataDir: string | null;
  help: boolean;
}

export const usage = `Usage: npm run start:browser -- [--port 0] [--no-open] [--user-data DIR]

  --port N         loopback port to serve on (default 0: a free port)
  --no-open        do not open the system browser
  --user-data DIR  keep settings, the upload journal and secrets in DIR
                   (default: the OS app-data folder, e.g. ~/.config/Ledgerdesk-browser)

Extra emulator flags come from the environment: LEDGERDESK_EMULATOR_ARGS="--token-ttl 60".
Tests and benches only: LEDGERDESK_SCRIPTED_DIALOGS=answers.json makes folder and file dialogs
answer from that file, as Electron's native dialogs would (docs/architecture.md).`;

const portSchema = z.coerce
  .number({ error: 'The port must be a number.' })
  .int('The port must be a whole number.')
  .min(0, 'The port must be between 0 and 65535.')
  .max(65535, 'The port must be between 0 and 65535.');

export class ArgsError extends Error {
  override readonly name = 'ArgsError';
}

/** Parses the browser shell's command line; throws ArgsError with a message meant for the user. */
export const parseBrowserShellArgs = (argv: readonly string[]): BrowserShellArgs => {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      options: {
        port: { type: 'string' },
        'no-open': { type: 'boolean', default: false },
        'user-data': { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
      allowPositionals: false,
    });
  } catch (error) {
    throw new ArgsError(error instanceof Error ? error.message : String(error));
  }
  const { values } = parsed;
  const port = portSchema.safeParse(values.port ?? '0');
  if (!port.success) throw new ArgsError(port.error.issues[0]?.message ?? 'Invalid --port.');
  const userData = values['user-data'];
  if (userData !== undefined && userData.trim() === '') throw new ArgsError('--user-data needs a folder.');
  return { port: port.data, open: !values['no-open'], userDataDir: userData ?? null, help: values.help };
};

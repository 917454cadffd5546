/**
 * `npm run emulator -- [--port 0] [--host 127.0.0.1] [--data-dir DIR] [--seed N] [--documents N]
 * [--token-ttl SECONDS] [--processing-delay MS] [--faults SPEC] [--environment sandbox|production] [--no-warm-up]`
 *
 * Prints exactly one line of JSON (the startup line) to stdout when ready; everything else goes to stderr.
 */
import { parseArgs } from 'node:util';
import { optionsFromFlags, OptionsError } from './options';
import { watchParent } from './parent-watch';
import { startEmulator, type RunningEmulator } from './server';

const usage = `Usage: npm run emulator -- [--port 0] [--host 127.0.0.1] [--data-dir DIR] [--seed N] [--documents N]
  [--token-ttl SECONDS] [--processing-delay MS] [--faults SPEC] [--environment sandbox|production]
  [--parent-pid PID] [--exit-on-stdin-close] [--no-warm-up]
  --parent-pid PID        exit when that process is gone (set by the app that starts it)
  --exit-on-stdin-close   exit when stdin reaches its end (the app holds a pipe open)
  --no-warm-up            do not load the official validation rules at start; the first send loads them
  --faults SPEC  comma-separated name=value, e.g. upload503=0.2,latency=50-300,drop=0.01,documents500=0.1,reportFail=0.5`;

const exitCodes = { ok: 0, failed: 1, usage: 2 } as const;

function fail(message: string, code: number): never {
  process.stderr.write(`emulator: ${message}\n`);
  process.exit(code);
}

function readFlags(argv: string[]): Record<string, unknown> {
  const stringFlag = { type: 'string' } as const;
  try {
    const { values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        port: stringFlag,
        host: stringFlag,
        'data-dir': stringFlag,
        seed: stringFlag,
        documents: stringFlag,
        'token-ttl': stringFlag,
        'processing-delay': stringFlag,
        faults: stringFlag,
        environment: stringFlag,
        'parent-pid': stringFlag,
        'exit-on-stdin-close': { type: 'boolean' },
        'no-warm-up': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    if (values.help) {
      process.stderr.write(`${usage}\n`);
      process.exit(exitCodes.ok);
    }
    const { help: _help, ...flags } = values;
    return flags;
  } catch (error) {
    return fail(`${(error as Error).message}\n${usage}`, exitCodes.usage);
  }
}

async function main(): Promise<void> {
  const { 'parent-pid': parentPidFlag, 'exit-on-stdin-close': exitOnStdinClose, 'no-warm-up': noWarmUp, ...flags } = readFlags(process.argv.slice(2));
  const parentPid = parentPidFlag === undefined ? undefined : Number(parentPidFlag);
  if (parentPid !== undefined && !(Number.isInteger(parentPid) && parentPid > 0)) fail(`--parent-pid must be a process id, not "${String(parentPidFlag)}".\n${usage}`, exitCodes.usage);
  let options;
  try {
    options = optionsFromFlags(flags);
  } catch (error) {
    if (error instanceof OptionsError) fail(`${error.message}\n${usage}`, exitCodes.usage);
    throw error;
  }

  let emulator: RunningEmulator;
  try {
    emulator = await startEmulator(options, { logRequests: true });
  } catch (error) {
    fail(`could not start: ${(error as Error).message}`, exitCodes.failed);
  }

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      // a second signal means the user does not want to wait for a slow close
      fail(`${signal} received again, exiting without waiting.`, exitCodes.failed);
    }
    stopping = true;
    process.stderr.write(`[emulator] ${signal} received, stopping.\n`);
    emulator.close().then(
      () => process.exit(exitCodes.ok),
      (error: unknown) => fail(`error while stopping: ${(error as Error).message}`, exitCodes.failed),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  watchParent({
    ...(parentPid !== undefined ? { parentPid } : {}),
    watchStdin: exitOnStdinClose === true,
    onParentGone: (why) => {
      process.stderr.write(`[emulator] ${why}: stopping.\n`);
      // Within 2 s whatever the listeners do: exiting releases the ports in any case.
      setTimeout(() => process.exit(exitCodes.ok), 1_000).unref();
      emulator.close().then(
        () => process.exit(exitCodes.ok),
        () => process.exit(exitCodes.failed),
      );
    },
  });

  process.stdout.write(`${JSON.stringify(emulator.startupLine)}\n`);
  process.stderr.write(
    `[emulator] ready (${options.environment}${options.dataDir ? `, data in ${options.dataDir}` : ', no --data-dir: state is lost on stop'}); auth ${emulator.urls.authUrl}\n`,
  );
  if (noWarmUp === true) {
    // The end-to-end tests start an emulator per test and most never send: ~4 s of CPU saved each.
    process.stderr.write('[emulator] --no-warm-up: the validation rules load on the first send.\n');
    return;
  }
  // Load the official rules in the background, so the first send does not pay for it.
  emulator.context.standards.warm('peppol-bis-billing-3.0-invoice').catch((error: unknown) => {
    process.stderr.write(`[emulator] loading the validation rules failed: ${error instanceof Error ? error.message : String(error)}\n`);
  });
}

main().catch((error: unknown) => fail(`unexpected error: ${(error as Error).stack ?? String(error)}`, exitCodes.failed));

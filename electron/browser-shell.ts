/**
 * `npm run start:browser -- [--port 0] [--no-open] [--user-data DIR]` (DESIGN §1): the core behind a
 * loopback HTTP bridge, serving the built renderer to the system's browser. When ready it prints ONE
 * line of JSON to stdout, `{"url": …, "emulator": …}`; everything else goes to stderr.
 *
 * Security: bound to 127.0.0.1 only; a random 32-byte secret per launch, delivered in the URL
 * fragment and required on every bridge call; Origin and Host checked (see browser-shell/request-guard).
 * Secrets (token, remembered password, certificate keys) live in the core's 0600 file vault in the
 * user-data folder: encrypted, but with the key beside them (app.info reports it as not secure).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { acquireInstanceLock, AlreadyRunningError, createCoreApp, createNodePorts, type InstanceLock } from './core';
import { createScriptedDialogs, SCRIPTED_DIALOGS_ENV } from './core/node-ports';
import { createChromiumPdfPrinter, findChromium } from './core/viewer/chromium-pdf';
import { ArgsError, parseBrowserShellArgs, usage } from './browser-shell/args';
import { startBridgeServer } from './browser-shell/bridge-server';
import { ensureRendererBuilt } from './browser-shell/ensure-renderer';
import { openUrl } from './browser-shell/open-url';
import { defaultUserDataDir } from './browser-shell/user-data-dir';
import { emulatorLaunchFor, extraEmulatorArgs } from './shell-common/emulator-launch';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const resolveTsx = (): string | null => {
  try {
    return import.meta.resolve('tsx');
  } catch {
    return null;
  }
};
const packageVersion = (): string => {
  try {
    const { version } = JSON.parse(readFileSync(resolve(repoRoot, 'package.json'), 'utf8')) as { version?: unknown };
    return typeof version === 'string' ? version : '0.0.0';
  } catch {
    return '0.0.0';
  }
};
/** A failure to start that the message explains fully (no stack trace needed). */
class StartError extends Error {
  override readonly name = 'StartError';
}
const log = (line: string): void => {
  process.stderr.write(`[browser-shell] ${line}\n`);
};

const main = async (): Promise<void> => {
  let args;
  try {
    args = parseBrowserShellArgs(process.argv.slice(2));
  } catch (error) {
    if (error instanceof ArgsError) {
      process.stderr.write(`${error.message}\n\n${usage}\n`);
      process.exit(2);
    }
    throw error;
  }
  if (args.help) {
    process.stderr.write(`${usage}\n`);
    return;
  }

  const userDataDir = resolve(args.userDataDir ?? defaultUserDataDir());
  mkdirSync(userDataDir, { recursive: true, mode: 0o700 });
  // Before anything reads or writes the folder: a second instance must leave it untouched.
  let lock: InstanceLock;
  try {
    lock = acquireInstanceLock({ userDataDir, shell: 'browser' });
  } catch (error) {
    if (error instanceof AlreadyRunningError) throw new StartError(error.message, { cause: error });
    throw error;
  }
  process.on('exit', () => lock.release());
  const rendererDir = await ensureRendererBuilt(repoRoot, log);
  const emulatorLaunch = emulatorLaunchFor({
    appRoot: repoRoot,
    execPath: process.execPath,
    prefer: 'fresh-bundle',
    extraArgs: extraEmulatorArgs(),
    resolveTsx,
  });
  if (emulatorLaunch === null) log('The emulator was not found (emulator/cli.ts or dist/emulator/cli.mjs); the local emulator profile will not start.');

  const ports = createNodePorts({
    userDataDir,
    emulatorLaunch: emulatorLaunch ?? { command: process.execPath, args: [resolve(repoRoot, 'emulator', 'cli.ts')] },
    shell: 'browser',
    appVersion: packageVersion(),
  });
  // Tests and benches only: dialogs answered from a file, so they can drive the route Electron's native dialogs take.
  const scriptedDialogs = process.env[SCRIPTED_DIALOGS_ENV];
  if (scriptedDialogs !== undefined && scriptedDialogs !== '') {
    ports.dialogs = createScriptedDialogs(resolve(scriptedDialogs));
    log(`Scripted dialogs (${SCRIPTED_DIALOGS_ENV}): folder and file dialogs answer from ${resolve(scriptedDialogs)}, not from a person. For tests only.`);
  }
  const chromium = findChromium();
  if (chromium) ports.pdfPrinter = createChromiumPdfPrinter(chromium);
  const core = createCoreApp(ports);

  let stopping = false;
  let closeServer: (() => Promise<void>) | null = null;
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) return;
    stopping = true;
    log(`${signal} received: stopping.`);
    const timeout = setTimeout(() => {
      log('Shutdown takes too long; exiting anyway.');
      process.exit(1);
    }, 10_000);
    timeout.unref();
    void (async () => {
      await closeServer?.().catch(() => undefined);
      await core.dispose().catch((error: unknown) => log(`Stopping the core failed: ${String(error)}`));
      process.exit(0);
    })();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);

  // Listen first: a taken port fails before the emulator has been started for nothing.
  let server;
  try {
    server = await startBridgeServer({ core, rendererDir, secret: randomBytes(32).toString('hex'), port: args.port, log });
  } catch (error) {
    await core.dispose().catch(() => undefined);
    const inUse = (error as NodeJS.ErrnoException).code === 'EADDRINUSE';
    throw new StartError(
      inUse ? `Port ${args.port} is already in use: choose another with --port, or --port 0 for any free one.` : `Cannot listen on 127.0.0.1:${args.port}: ${String(error)}`,
      { cause: error },
    );
  }
  closeServer = server.close;
  lock.setAddress(server.origin);
  // A failure here (e.g. the emulator) is reported in the app by the core's status; keep serving.
  await core.start().catch((error: unknown) => log(`Starting the core failed: ${error instanceof Error ? error.message : String(error)}`));

  const emulator = core.emulatorStartup() ?? null;
  process.stdout.write(`${JSON.stringify({ url: server.launchUrl, emulator })}\n`);
  // The address with its secret part: the origin alone opens a page that cannot reach the app.
  log(`Open Ledgerdesk at ${server.launchUrl} (the "url" of the JSON line above; user data: ${userDataDir}).`);
  const secretStorage = ports.secrets.info();
  if (!secretStorage.secure) log(`Saved secrets: ${secretStorage.note ?? `kept by the "${secretStorage.backend}" store, which is not OS-encrypted`}`);
  if (args.open && !(await openUrl(server.launchUrl))) log(`No browser could be opened on this machine: open ${server.launchUrl} in Chromium or another browser yourself.`);
};

main().catch((error: unknown) => {
  const explained = error instanceof StartError || error instanceof ArgsError;
  log(`Could not start: ${error instanceof Error ? (explained ? error.message : (error.stack ?? error.message)) : String(error)}`);
  process.exit(1);
});

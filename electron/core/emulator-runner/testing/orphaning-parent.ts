/**
 * A stand-in for the app in the orphan test: starts the real emulator (emulator/cli.ts, given as
 * argv[2]) through the runner, prints `{"pid": <emulator pid>, "startup": <its startup line>}`
 * and waits to be killed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MemoryLogger } from '../../testing/memory-ports';
import { createEmulatorRunner } from '../runner';

const cli = process.argv[2];
if (cli === undefined) throw new Error('usage: orphaning-parent.ts <emulator/cli.ts>');
const runner = createEmulatorRunner({
  launch: { command: process.execPath, args: ['--import', 'tsx', cli] },
  userDataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerdesk-orphan-')),
  logger: new MemoryLogger(),
});
const startup = await runner.start();
process.stdout.write(`${JSON.stringify({ pid: runner.pid(), startup })}\n`);
setInterval(() => undefined, 60_000);

/** Test helper: takes the instance lock of argv[2] as another process would, prints "locked", then waits to be killed. */
import { acquireInstanceLock } from './instance-lock';

const dir = process.argv[2];
if (dir === undefined) throw new Error('usage: testing-holder.ts <user-data dir>');
acquireInstanceLock({ userDataDir: dir, shell: 'browser' }).setAddress('http://127.0.0.1:4999');
process.stdout.write('locked\n');
setInterval(() => undefined, 60_000);

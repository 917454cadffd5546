/**
 * A long-lived xslt3 for scripts/compile-standards.mjs: compiles one stylesheet after another in ONE
 * Node process, each exactly as `xslt3 -xsl:… -export:… <options>` would (the unedited xslt3 CLI is
 * loaded afresh per job with that command line). What stays loaded between jobs is SaxonJS and its XX
 * compiler, already optimised by V8: a separate process per stylesheet paid ~2 s of CPU each to load
 * and warm them again (measured: T71 6.9 s of CPU alone, 4.4 s after another compile; same SEF).
 *
 * Protocol (IPC, started with child_process.fork):
 *   parent → { xsl, out, options: string[] }     child → { ok: true } | { ok: false, message }
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

// xslt3 is a CommonJS script that runs its command line when loaded: loaded with require, so that
// deleting it from require's cache makes the next load run again.
const require = createRequire(import.meta.url);
const cli = require.resolve('xslt3/xslt3.js');

/** xslt3 resolves the export file's real path right after writing it: that is its "exported" moment. */
let current = null;
const realpath = fs.promises.realpath;
fs.promises.realpath = function (target, ...rest) {
  const result = realpath.call(this, target, ...rest);
  const job = current;
  if (job && path.resolve(String(target)) === job.out) result.then(() => setImmediate(() => job.finish(null)), () => undefined);
  return result;
};

/** xslt3 reports a failure on stderr (console.error) and by setting process.exitCode. */
const writeError = console.error;
console.error = (...args) => {
  if (current) current.stderr.push(args.map(String).join(' '));
  else writeError(...args);
};

const compile = (xsl, out, options) =>
  new Promise((resolve) => {
    const job = {
      out: path.resolve(out),
      stderr: [],
      finish(message) {
        if (current !== job) return;
        clearInterval(poll);
        current = null;
        process.exitCode = 0;
        resolve(message);
      },
    };
    // A failure never reaches the export: xslt3 sets the exit code instead.
    const poll = setInterval(() => {
      if (process.exitCode) job.finish(job.stderr.join('\n') || `xslt3 exited with code ${String(process.exitCode)}`);
    }, 50);
    current = job;
    process.argv = [process.argv[0], cli, `-xsl:${xsl}`, `-export:${out}`, ...options];
    delete require.cache[cli];
    require(cli);
  });

process.on('message', async ({ xsl, out, options }) => {
  const message = await compile(xsl, out, options);
  process.send(message === null ? { ok: true } : { ok: false, message });
});

// Development entry of the core's worker threads (sources run with tsx or vitest): registers tsx in
// this thread, then loads the TypeScript worker named by the first argument. Bundles start
// dist/electron/threads/<name>.cjs instead (scripts/build.mjs).
import { pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';

register();
const entry = process.argv[2];
if (!entry) throw new Error('dev-loader.mjs needs the worker source to load as its first argument.');
await import(pathToFileURL(entry).href);

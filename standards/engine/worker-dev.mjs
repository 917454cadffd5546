// Development entry of the worker (sources run with tsx or vitest): registers tsx in this thread, then
// loads the TypeScript worker. Bundles use dist/standards/standards-worker.mjs instead.
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');

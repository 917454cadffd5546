// Development entry of the stylesheet worker (sources run with tsx or vitest): registers tsx in this
// thread, then loads the TypeScript worker. Bundles use dist/standards/stylesheet-worker.mjs instead.
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');

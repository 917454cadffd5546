// Development entry of the engine's process (sources run with tsx or vitest): registers tsx, then
// loads the TypeScript host. Bundles start dist/standards/standards-host.mjs instead.
import { register } from 'tsx/esm/api';

register();
await import('./host.ts');

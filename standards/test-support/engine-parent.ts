/** A stand-in for the app core (remote.test.ts): starts the engine's process with a schema check, prints its pid, then waits to be killed. */
import type { EngineChannel } from '../engine/host-protocol';
import { createProcessStandardsEngine, forkNodeEngineProcess } from '../engine/remote';
import { fixtureBytes } from './fixtures';

let channel: EngineChannel | undefined;
const engine = createProcessStandardsEngine({
  launch: (entry) => (channel = forkNodeEngineProcess(entry)),
});
await engine.validate(fixtureBytes('peppol-bis-invoice-3/base-example.xml'), { schemaOnly: true });
process.stdout.write(`${channel?.pid}\n`);
setInterval(() => undefined, 60_000);

/**
 * The standards engine's process under Electron: a utility process (no ELECTRON_RUN_AS_NODE, so the
 * RunAsNode fuse can stay off), which Chromium ends with the browser process. It runs the bundled
 * host (dist/standards/standards-host.mjs), which answers on `process.parentPort`; messages are
 * structured clones, so a document's bytes cross as bytes.
 */
import { utilityProcess } from 'electron';
import type { EngineProcessLauncher, HostResponse } from '../../standards/engine/host-protocol';
import { lowerEnginePriority } from '../../standards/engine/remote';

export const utilityEngineProcess: EngineProcessLauncher = (entry) => {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined && key !== 'ELECTRON_RUN_AS_NODE') env[key] = value;
  const child = utilityProcess.fork(entry, [], { env, stdio: ['ignore', 'ignore', 'inherit'], serviceName: 'Ledgerdesk validation' });
  // A fatal V8 error in the engine is followed by its 'exit', which fails what it ran; unhandled, the 'error' would end main.
  child.on('error', () => undefined);
  // Its pid is known once it has started.
  child.once('spawn', () => lowerEnginePriority(child.pid));
  return {
    get pid() {
      return child.pid;
    },
    send: (message) => child.postMessage(message),
    onMessage: (listener) => child.on('message', (message: HostResponse) => listener(message)),
    onExit: (listener) => child.once('exit', (code) => listener(code)),
    kill: () => {
      child.kill();
    },
    // The app's window keeps Electron alive; a utility process never holds it open.
    hold: () => undefined,
  };
};

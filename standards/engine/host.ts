/**
 * The standards engine's own process: started by the app core (remote.ts) as a Node child or an
 * Electron utility process, it runs the validation engine and the stylesheet renderer (each with
 * its worker threads, started on first use) and answers the core's requests (host-protocol.ts).
 * It ends when the core does: a Node child when its IPC channel closes, a utility process with
 * the browser process that owns it.
 */
import { createStylesheetRenderer, RenderFailure } from '../render/renderer';
import { createStandardsEngine } from './engine';
import type { HostRequest, HostResponse } from './host-protocol';
import { ValidationFailure } from './types';

interface ParentPort {
  on(event: 'message', listener: (event: { data: HostRequest }) => void): void;
  postMessage(message: HostResponse): void;
}

const parentPort = (process as unknown as { parentPort?: ParentPort }).parentPort;

const send = (message: HostResponse): void => {
  if (parentPort) parentPort.postMessage(message);
  else process.send?.(message);
};

const engine = createStandardsEngine();
const renderer = createStylesheetRenderer();
const running = new Map<number, AbortController>();

const failure = (id: number, error: unknown): HostResponse =>
  error instanceof ValidationFailure
    ? { id, type: 'failure', code: error.code, message: error.message }
    : { id, type: 'failure', code: 'engine', message: `The validation engine failed: ${error instanceof Error ? error.message : String(error)}` };

const receive = (request: HostRequest): void => {
  switch (request.type) {
    case 'cancel':
      running.get(request.id)?.abort();
      return;
    case 'warm':
      engine.warm(request.ruleSet).then(
        () => send({ id: request.id, type: 'warmed' }),
        (error: unknown) => send(failure(request.id, error)),
      );
      return;
    case 'warm-render':
      renderer.warm(request.sefPaths);
      return;
    case 'render':
      renderer.render(request).then(
        (html) => send({ id: request.id, type: 'rendered', html }),
        (error: unknown) =>
          send(
            error instanceof RenderFailure
              ? { id: request.id, type: 'render-failure', code: error.code, message: error.message, ...(error.xsltCode ? { xsltCode: error.xsltCode } : {}) }
              : { id: request.id, type: 'render-failure', code: 'engine', message: String(error) },
          ),
      );
      return;
    case 'validate': {
      const control = new AbortController();
      running.set(request.id, control);
      engine
        .validate(request.bytes, {
          ...(request.on ? { on: request.on } : {}),
          ...(request.ruleSet ? { ruleSet: request.ruleSet } : {}),
          ...(request.schemaOnly ? { schemaOnly: true } : {}),
          signal: control.signal,
          onProgress: (progress) => send({ id: request.id, type: 'progress', progress }),
        })
        .then(
          (result) => send({ id: request.id, type: 'result', result }),
          (error: unknown) => send(failure(request.id, error)),
        )
        .finally(() => running.delete(request.id));
      return;
    }
  }
};

if (parentPort) {
  parentPort.on('message', (event) => receive(event.data));
} else if (process.send) {
  process.on('message', (request: HostRequest) => receive(request));
  // The core is gone (closed, crashed or killed): nothing is left to answer.
  process.on('disconnect', () => {
    void Promise.allSettled([engine.close(), renderer.close()]).finally(() => process.exit(0));
  });
} else {
  throw new Error('standards/engine/host.ts runs as a child process of the app core.');
}

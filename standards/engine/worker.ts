/** The engine's worker thread: validations run here, never on the main thread or the IPC path. */
import { parentPort } from 'node:worker_threads';
import type { WorkerRequest, WorkerResponse } from './protocol';
import { findRuleSet } from './rule-sets';
import { warmLayer } from './schematron';
import { ValidationFailure } from './types';
import { validateInThread } from './validate';
import { warmSchema } from './xsd';
import { warmUpInvoice } from './warm-up';
import { schemaOf } from './detect';

const port = parentPort;
if (!port) throw new Error('standards/engine/worker.ts runs as a worker thread.');

const send = (message: WorkerResponse): void => port.postMessage(message);

const failure = (id: number, error: unknown): WorkerResponse =>
  error instanceof ValidationFailure
    ? { id, type: 'failure', code: error.code, message: error.message }
    : { id, type: 'failure', code: 'engine', message: `The validation engine failed: ${error instanceof Error ? error.message : String(error)}` };

port.on('message', (request: WorkerRequest) => {
  try {
    if (request.type === 'warm') {
      const ruleSet = findRuleSet(request.ruleSet);
      const sample = ruleSet?.documentTypes.includes('invoice') ? warmUpInvoice() : undefined;
      ruleSet?.layers.forEach((layer, position) => {
        if (position % request.share.of === request.share.index) warmLayer(layer, sample);
      });
      if (request.share.index === 0 && ruleSet) warmSchema(schemaOf(ruleSet.documentTypes[0]!));
      send({ id: request.id, type: 'warmed' });
      return;
    }
    const result = validateInThread(request.job, (progress, unit) => send({ id: request.id, type: 'progress', progress, unit }));
    send({ id: request.id, type: 'result', result });
  } catch (error) {
    send(failure(request.id, error));
  }
});

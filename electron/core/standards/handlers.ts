/**
 * `standards.*`: the official XSD and Schematron validation of a file, offline, before anything is
 * sent. The engine (standards/engine) runs in worker threads started on first use, so neither the
 * main process's event loop nor IPC waits on it.
 */
import { AppError } from '../../../shared/contract';
import { createStandardsEngine, listRuleSets, MAX_DOCUMENT_BYTES, type StandardsEngine, ValidationFailure } from '../../../standards/engine';
import { readFileRef, resolveFileRef } from '../files/file-ref';
import type { HandlerFactory } from '../handlers';

let shared: StandardsEngine | undefined;
const engine = (): StandardsEngine => (shared ??= createStandardsEngine());

const asAppError = (name: string, error: unknown): unknown => {
  if (!(error instanceof ValidationFailure)) return error;
  const code = error.code === 'too_large' ? 'too_large' : error.code === 'engine' ? 'unavailable' : 'validation';
  return new AppError(code, `"${name}" could not be validated: ${error.message}`, { details: { reason: error.code } });
};

export const createStandardsHandlers: HandlerFactory = (services) => ({
  'standards.validate': async ({ file, ruleSet }, context) => {
    const loaded = await readFileRef(await resolveFileRef(file, services.files, context), { maxBytes: MAX_DOCUMENT_BYTES, what: 'document' });
    try {
      return await engine().validate(loaded.bytes, ruleSet ? { ruleSet } : {});
    } catch (error) {
      throw asAppError(loaded.name, error);
    }
  },
  'standards.ruleSets': () => Promise.resolve(listRuleSets()),
});

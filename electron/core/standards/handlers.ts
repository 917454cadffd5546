/**
 * `standards.*`: the official XSD and Schematron validation of a file, offline, before anything is
 * sent. The engine (standards/engine) runs in its own process (remote.ts: a Node child, or Electron's
 * utility process through the `engineProcess` port), started on first use or by the warm-up: neither
 * the core's event loop nor its memory carries SaxonJS, and the untrusted document is parsed where
 * no token, certificate or credential lives.
 */
import { AppError, because, reason, type ErrorReasonKey, type StandardsProgress } from '../../../shared/contract';
import { dayOf } from '../../../standards/engine/calendar';
import { listRuleSets, MAX_DOCUMENT_BYTES, type StandardsEngine, ValidationFailure } from '../../../standards/engine';
import { createProcessStandardsEngine } from '../../../standards/engine/remote';
import { readFileRef, resolveFileRef } from '../files/file-ref';
import type { HandlerFactory } from '../handlers';

const userReasons: Partial<Record<string, ErrorReasonKey>> = {
  cancelled: 'standards.cancelled',
  doctype: 'standards.doctype',
  not_xml: 'standards.notXml',
  unknown_document: 'standards.unknownDocument',
  rule_set_unknown: 'standards.ruleSetUnknown',
  rule_set_not_applicable: 'standards.ruleSetNotApplicable',
  too_large: 'standards.tooLarge',
  engine: 'standards.engine',
  rules_unavailable: 'standards.rulesUnavailable',
  timeout: 'standards.timeout',
};

const asAppError = (name: string, error: unknown): unknown => {
  if (!(error instanceof ValidationFailure)) return error;
  const why = reason((userReasons[error.code] ?? 'standards.failed') as 'standards.failed', { name });
  if (error.code === 'cancelled') return new AppError('cancelled', `The validation of "${name}" was cancelled.`, { details: because(why, { reason: error.code }) });
  const code = error.code === 'too_large' ? 'too_large' : error.code === 'engine' || error.code === 'rules_unavailable' ? 'unavailable' : 'validation';
  return new AppError(code, `"${name}" could not be validated: ${error.message}`, { details: because(why, { reason: error.code }) });
};

/** After start, so warming (a few seconds of CPU per worker) never competes with the window's first paint. */
const WARM_DELAY_MS = 3000;

export const createStandardsHandlers: HandlerFactory = (services) => {
  const running = new Map<string, AbortController>();
  // The process is the core's (services.engines, shared with the viewer), ended with it.
  const engine: StandardsEngine = createProcessStandardsEngine({ process: services.engines });
  let warmTimer: NodeJS.Timeout | undefined;
  if (services.options.standards?.warmOnStart) {
    // The first validation after start then costs what a warm one does (the rules are loaded and V8 has optimised them).
    const latestInvoice = listRuleSets().find((ruleSet) => ruleSet.latest && ruleSet.documentTypes.includes('invoice'));
    warmTimer = setTimeout(() => {
      if (latestInvoice) engine.warm(latestInvoice.code).catch((error: unknown) => services.logger.warn('Warming the validation engine failed', { reason: String(error) }));
    }, WARM_DELAY_MS);
    warmTimer.unref();
  }
  services.onDispose(() => {
    clearTimeout(warmTimer);
    for (const control of running.values()) control.abort();
  });

  return {
    'standards.validate': async ({ file, ruleSet, schemaOnly, validationId, on }, context) => {
      if (validationId && running.has(validationId)) throw new AppError('conflict', 'A validation with this id is already running.', { details: because(reason('standards.running')) });
      const control = new AbortController();
      if (validationId) running.set(validationId, control);
      const progress = (update: Omit<StandardsProgress, 'validationId'>): void => {
        if (validationId) services.events.emit('standards.progress', { validationId, ...update });
      };
      let total = 0;
      try {
        const loaded = await readFileRef(await resolveFileRef(file, services.files, context), { maxBytes: MAX_DOCUMENT_BYTES, what: 'document' });
        progress({ phase: 'queued', done: 0, total: 0, artefact: '' });
        try {
          return await engine.validate(loaded.bytes, {
            // The day of sending: the rule sets in force that day (the core's clock, so a test can fix it).
            on: on ?? dayOf(new Date(services.ports.clock.now())),
            ...(ruleSet ? { ruleSet } : {}),
            ...(schemaOnly ? { schemaOnly } : {}),
            signal: control.signal,
            onProgress: (update) => {
              total = update.total;
              // The engine's last call (no artefact) is its end: `done` is sent once, below, whatever the outcome.
              if (update.artefact) progress(update);
            },
          });
        } catch (error) {
          throw asAppError(loaded.name, error);
        }
      } finally {
        if (validationId) running.delete(validationId);
        progress({ phase: 'done', done: total, total, artefact: '' });
      }
    },
    'standards.cancel': ({ validationId }) => {
      const control = running.get(validationId);
      control?.abort();
      return Promise.resolve({ cancelled: control !== undefined });
    },
    'standards.ruleSets': () => Promise.resolve(listRuleSets(dayOf(new Date(services.ports.clock.now())))),
  };
};

/**
 * The document interface (spec "Document interface", DESIGN §5.2): invoices, credit notes, orders,
 * order responses and despatch advices with lists, records, sources, print links, downloaded
 * marks, sending with validation, and the validation rules.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import type { RegisterArea } from '../context';
import { DocumentsArea } from './area';
import { sendError } from './errors';
import { registerReadRoutes, registerSharedReadRoutes } from './read-routes';
import { documentResources } from './resources';
import { registerWriteRoutes } from './write-routes';

export { documentResources, type DocumentRecord } from './resources';
export type { Violation } from './errors';
export { PRINT_LINK_TTL_MS } from './print-links';

/** Bodies up to this size are read (the largest public example invoice is under 1 MB). */
const BODY_LIMIT = 20 * 1024 * 1024;

function installFaults(app: FastifyInstance, area: DocumentsArea): void {
  const probability = area.ctx.options.faults.documents500;
  if (probability <= 0) return;
  const random = area.ctx.random.fork('documents-faults');
  app.addHook('onRequest', async (request, reply) => {
    if (request.method === 'GET' && random.next() < probability) {
      return sendError(request, reply, 500, 'Injected fault (--faults documents500): the service failed to answer; retry the request.');
    }
    return undefined;
  });
}

export const registerDocuments: RegisterArea = async (apps, ctx) => {
  const started = Date.now();
  const area = new DocumentsArea(ctx);
  const app = apps.documents;

  app.setNotFoundHandler((request, reply) => sendError(request, reply, 404, `No route ${request.method} ${request.url.split('?')[0]} on the document interface.`));

  await app.register(async (scope) => {
    // Bodies are read raw: the sources are stored byte for byte and every parse error is ours to word.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_request, body, done) => done(null, body));
    scope.setErrorHandler((error: FastifyError, request, reply) => {
      const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
      if (status === 500) ctx.log(`documents: ${request.method} ${request.url} failed: ${error.stack ?? error.message}`);
      const detail = status === 413 ? `The request body is larger than ${BODY_LIMIT / 1024 / 1024} MiB.` : status === 500 ? 'Internal error of the emulator.' : error.message;
      return sendError(request, reply, status, detail);
    });
    installFaults(scope, area);
    for (const resource of documentResources) {
      registerReadRoutes(scope, area, resource);
      if (resource.billing) registerWriteRoutes(scope, area, resource);
    }
    registerSharedReadRoutes(scope, area);
  });

  ctx.log(`documents: ${ctx.options.documents} documents seeded in ${Date.now() - started} ms.`);
};

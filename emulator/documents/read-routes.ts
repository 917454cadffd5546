/** GET routes: lists, single records, sources, print links and the validation rules. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { normalizeUblTree, parseXmlTree, UblParseError } from '../../shared/ubl';
import { boundTextRuns } from '../pdf/bounded-source';
import { renderDocumentPdf } from '../pdf/document-pdf';
import type { DocumentsArea } from './area';
import { sendError } from './errors';
import { hydraCollection } from './hydra';
import { ListQueryError, parseListQuery } from './list-query';
import { negotiate } from './negotiation';
import { collectionHtml, recordHtml, toRecord, type DocumentResource } from './resources';
import { decodeXmlBytes, sourceAsXml, sourceDocument } from './source-text';
import type { DocumentEntry } from './store';
import { listRuleSets } from '../../standards/engine';
import { dayOf } from '../../standards/engine/calendar';

const collectionMediaTypes = ['application/ld+json', 'application/json', 'text/html'] as const;
const recordMediaTypes = ['application/ld+json', 'application/json', 'text/html', 'application/xml', 'text/xml', 'application/pdf'] as const;

type UuidParams = { Params: { uuid: string } };

function rawQuery(request: FastifyRequest): string {
  const question = request.url.indexOf('?');
  return question >= 0 ? request.url.slice(question + 1) : '';
}

function notAcceptable(request: FastifyRequest, reply: FastifyReply, offered: readonly string[]): FastifyReply {
  return sendError(request, reply, 406, `Cannot answer with ${request.headers.accept}; this resource is available as ${offered.join(', ')}.`);
}

function safeFileName(text: string): string {
  return text.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 100) || 'document';
}

async function renderPdf(area: DocumentsArea, entry: DocumentEntry): Promise<Buffer> {
  const { bytes, mediaType } = area.source(entry);
  const document =
    mediaType === 'application/xml' ? normalizeUblTree(parseXmlTree(boundTextRuns(decodeXmlBytes(bytes)))) : sourceDocument(bytes, mediaType);
  return renderDocumentPdf(document);
}

export function registerReadRoutes(app: FastifyInstance, area: DocumentsArea, resource: DocumentResource): void {
  const base = `/${resource.path}`;

  app.get(base, async (request, reply) => {
    if (!(await area.authorize(request, reply, false))) return reply;
    let query;
    try {
      query = parseListQuery(rawQuery(request));
    } catch (error) {
      if (error instanceof ListQueryError) return sendError(request, reply, 400, error.message);
      throw error;
    }
    const mediaType = negotiate(request.headers.accept, collectionMediaTypes);
    if (!mediaType) return notAcceptable(request, reply, collectionMediaTypes);
    const { total, items } = area.store.list(resource.type, query);
    const records = items.map((entry) => toRecord(area.store, entry, mediaType === 'application/ld+json'));
    if (mediaType === 'text/html') return reply.type('text/html; charset=utf-8').send(collectionHtml(records, resource, total));
    if (mediaType === 'application/json') return reply.type('application/json; charset=utf-8').send(records);
    return reply.type('application/ld+json; charset=utf-8').send(hydraCollection(resource, query, records, total));
  });

  app.get<UuidParams>(`${base}/:uuid`, async (request, reply) => {
    if (!(await area.authorize(request, reply, false))) return reply;
    const entry = area.find(resource.type, request.params.uuid);
    if (!entry) return area.notFound(request, reply, resource.type, request.params.uuid);
    const mediaType = negotiate(request.headers.accept, recordMediaTypes);
    if (!mediaType) return notAcceptable(request, reply, recordMediaTypes);
    switch (mediaType) {
      case 'application/ld+json':
        return reply.type('application/ld+json; charset=utf-8').send({ '@context': `/contexts/${resource.hydraType}`, ...toRecord(area.store, entry, true) });
      case 'application/json':
        return reply.type('application/json; charset=utf-8').send(toRecord(area.store, entry, false));
      case 'text/html':
        return reply.type('text/html; charset=utf-8').send(recordHtml(toRecord(area.store, entry, false), resource));
      case 'application/pdf':
        return reply.type('application/pdf').header('content-disposition', `inline; filename="${safeFileName(entry.number)}.pdf"`).send(await renderPdf(area, entry));
      default: {
        const { bytes, mediaType: sourceType } = area.source(entry);
        return reply.type(mediaType).send(sourceAsXml(bytes, sourceType));
      }
    }
  });

  app.get<UuidParams>(`${base}/:uuid/source`, async (request, reply) => {
    if (!(await area.authorize(request, reply, false))) return reply;
    const entry = area.find(resource.type, request.params.uuid);
    if (!entry) return area.notFound(request, reply, resource.type, request.params.uuid);
    const { bytes, mediaType } = area.source(entry);
    const extension = mediaType === 'application/json' ? 'json' : 'xml';
    return reply.type(mediaType).header('content-disposition', `inline; filename="${safeFileName(entry.number)}.${extension}"`).send(bytes);
  });

  if (!resource.billing) return;

  app.get<UuidParams>(`${base}/:uuid/print`, async (request, reply) => {
    if (!(await area.authorize(request, reply, false))) return reply;
    const entry = area.find(resource.type, request.params.uuid);
    if (!entry) return area.notFound(request, reply, resource.type, request.params.uuid);
    const { token } = area.printLinks.create(entry.uuid);
    const url = `${request.protocol}://${request.headers.host ?? request.hostname}/print-files/${token}`;
    return reply.code(302).header('location', url).type('application/json; charset=utf-8').send({ url });
  });
}

export function registerSharedReadRoutes(app: FastifyInstance, area: DocumentsArea): void {
  app.get<{ Params: { token: string } }>('/print-files/:token', async (request, reply) => {
    const link = area.printLinks.lookup(request.params.token);
    if (link.state === 'unknown') return sendError(request, reply, 404, 'This print link does not exist. Ask /{documents}/{uuid}/print for a new one.');
    if (link.state === 'expired') {
      return sendError(request, reply, 410, `This print link expired at ${new Date(link.expiredAtMs).toISOString()}; links are valid for 5 minutes. Ask /{documents}/{uuid}/print for a new one.`);
    }
    const entry = area.store.get(link.uuid);
    if (!entry) return sendError(request, reply, 404, 'The document of this print link no longer exists.');
    let pdf: Buffer;
    try {
      pdf = await renderPdf(area, entry);
    } catch (error) {
      if (error instanceof UblParseError) return sendError(request, reply, 500, `The document cannot be rendered: ${error.message}`);
      throw error;
    }
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="${safeFileName(entry.number)}.pdf"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });

  app.get('/validation-rules', async (request, reply) => {
    if (!(await area.authorize(request, reply, false))) return reply;
    // Each set in the release a document sent today uses, with its dates (and a successor due within 90 days).
    return reply.type('application/json; charset=utf-8').send(listRuleSets(dayOf(area.ctx.now())));
  });
}

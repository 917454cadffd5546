/** POST routes of invoices and credit notes: send (with validation) and mark downloaded. */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { detectDocumentType, normalizeUblTree, UblParseError, type XmlElement } from '../../shared/ubl';
import { summarizeParty } from '../seed/documents';
import type { DocumentsArea } from './area';
import { sendError, sendViolations } from './errors';
import { negotiate } from './negotiation';
import { resourceOf, toRecord, type DocumentResource } from './resources';
import { parseJsonBytes, sourceAsXml, sourceTree } from './source-text';
import type { SourceMediaType } from './store';
import { findRuleSet, listRuleSets, ValidationFailure } from '../../standards/engine';
import { dayOf } from '../../standards/engine/calendar';

const downloadedBodySchema = z.object(
  {
    downloaded: z.boolean({ error: '"downloaded" must be true or false' }),
    uuids: z
      .array(z.string({ error: 'each uuid must be a string' }).min(1, 'a uuid must not be empty'), { error: '"uuids" must be an array of uuid strings' })
      .min(1, '"uuids" must list at least one uuid')
      .max(10_000, '"uuids" may list at most 10000 uuids per request'),
  },
  { error: 'the body must be a JSON object {"downloaded": true, "uuids": ["…"]}' },
);

function bodyBytes(request: FastifyRequest): Buffer {
  return Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
}

/** The media type of a send request body, or undefined when it is neither XML nor JSON. */
function sourceMediaType(request: FastifyRequest): SourceMediaType | undefined {
  const contentType = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (contentType === 'application/xml' || contentType === 'text/xml' || contentType.endsWith('+xml')) return 'application/xml';
  if (contentType === 'application/json' || contentType.endsWith('+json')) return 'application/json';
  return undefined;
}

function recordReply(request: FastifyRequest, reply: FastifyReply, status: number, body: (linked: boolean) => unknown): FastifyReply {
  const mediaType = negotiate(request.headers.accept, ['application/ld+json', 'application/json']) ?? 'application/ld+json';
  return reply.code(status).type(`${mediaType}; charset=utf-8`).send(body(mediaType === 'application/ld+json'));
}

export function registerWriteRoutes(app: FastifyInstance, area: DocumentsArea, resource: DocumentResource): void {
  const base = `/${resource.path}`;
  const kind = resource.type;

  app.post(base, async (request, reply) => {
    if (!(await area.authorize(request, reply, true))) return reply;
    const mediaType = sourceMediaType(request);
    if (!mediaType) {
      return sendError(request, reply, 400, `Send the ${resource.label} as UBL XML (Content-Type: application/xml) or as its JSON transposition (Content-Type: application/json); got ${request.headers['content-type'] ?? 'no Content-Type'}.`);
    }
    const bytes = bodyBytes(request);
    if (bytes.length === 0) return sendError(request, reply, 400, `The request body is empty: send the ${resource.label} document.`);

    let tree: XmlElement;
    try {
      tree = sourceTree(bytes, mediaType);
    } catch (error) {
      if (error instanceof UblParseError) return sendError(request, reply, 400, error.message);
      throw error;
    }
    let documentType;
    try {
      documentType = detectDocumentType(tree);
    } catch (error) {
      if (error instanceof UblParseError) return sendError(request, reply, error.code === 'unsupported_type' ? 422 : 400, error.message);
      throw error;
    }
    if (documentType !== resource.type) {
      const other = resourceOf(documentType);
      return sendViolations(request, reply, [
        {
          code: 'document_type_mismatch',
          propertyPath: `/${tree.name}`,
          message: `This endpoint accepts ${resource.label}s (UBL ${resource.hydraType}); the document is a ${other.label} (UBL ${tree.name}). ${
            other.billing ? `Send it to /${other.path}.` : 'Only invoices and credit notes can be sent.'
          }`,
        },
      ]);
    }

    const ruleHeader = request.headers['x-validation-rule'];
    const ruleCode = (Array.isArray(ruleHeader) ? ruleHeader[0] : ruleHeader)?.trim() || undefined;
    if (ruleCode !== undefined) {
      const ruleSet = findRuleSet(ruleCode, dayOf(area.ctx.now()));
      if (!ruleSet) {
        const codes = listRuleSets().map((rule) => rule.code).join(', ');
        return sendError(request, reply, 400, `Unknown validation rule "${ruleCode}" in X-Validation-Rule; valid codes: ${codes}.`);
      }
      if (!ruleSet.documentTypes.includes(kind)) {
        return sendViolations(request, reply, [
          {
            code: 'validation_rule_not_applicable',
            propertyPath: 'X-Validation-Rule',
            message: `Validation rule "${ruleSet.code}" applies to ${ruleSet.documentTypes.join(' and ')} documents, not to ${resource.label}s.`,
          },
        ]);
      }
    }

    let validation;
    try {
      // The rule sets in force on the day of sending (the emulator's clock).
      validation = await area.ctx.standards.validate(sourceAsXml(bytes, mediaType), { on: dayOf(area.ctx.now()), ...(ruleCode ? { ruleSet: ruleCode } : {}) });
    } catch (error) {
      if (!(error instanceof ValidationFailure)) throw error;
      if (error.code === 'timeout') return sendViolations(request, reply, [{ code: 'validation_timeout', propertyPath: `/${tree.name}`, message: error.message }]);
      // The installation's rules, not the document: the service cannot check anything until they are restored.
      if (error.code === 'rules_unavailable') return sendError(request, reply, 503, `The official validation rules are not available on this emulator: ${error.message}`);
      return sendError(request, reply, error.code === 'engine' ? 500 : 400, error.message);
    }
    // Warnings never refuse a document; fatal results do, each under its official rule id.
    if (!validation.valid) {
      return sendViolations(
        request,
        reply,
        validation.fatal.map((issue) => ({ code: issue.ruleId, propertyPath: issue.location, message: issue.message })),
      );
    }
    const ruleSet = validation.ruleSet;

    const document = normalizeUblTree(tree);
    const now = area.ctx.now().getTime();
    const metadata = {
      uuid: randomUUID(),
      type: resource.type,
      number: document.id ?? '',
      date: document.issueDate ?? '',
      createdAtMs: Math.floor(now / 1000) * 1000,
      sender: summarizeParty(document.sender),
      recipient: summarizeParty(document.recipient),
      mediaType,
    };
    const entry = area.store.add({ ...metadata, direction: 'outgoing', downloaded: false, source: { kind: 'sent', bytes, mediaType } });
    area.saved.saveSent(metadata, bytes);
    reply.header('location', `${base}/${entry.uuid}`).header('x-validation-rule', ruleSet.code);
    return recordReply(request, reply, 202, (linked) => toRecord(area.store, entry, linked));
  });

  app.post(`${base}/downloaded`, async (request, reply) => {
    if (!(await area.authorize(request, reply, true))) return reply;
    const bytes = bodyBytes(request);
    let json: unknown;
    try {
      json = parseJsonBytes(bytes);
    } catch (error) {
      if (error instanceof UblParseError) return sendError(request, reply, 400, bytes.length === 0 ? 'The request body is empty: send {"downloaded": true, "uuids": ["…"]}.' : error.message);
      throw error;
    }
    const parsed = downloadedBodySchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue && issue.path.length > 0 ? ` (at ${issue.path.join('.')})` : '';
      return sendError(request, reply, 400, `Invalid body${where}: ${issue?.message ?? 'unexpected shape'}.`);
    }
    const { downloaded, uuids } = parsed.data;
    const unknown = uuids.map((uuid, index) => ({ uuid, index })).filter(({ uuid }) => !area.find(resource.type, uuid));
    if (unknown.length > 0) {
      return sendViolations(
        request,
        reply,
        unknown.map(({ uuid, index }) => ({ code: 'not_found', propertyPath: `uuids[${index}]`, message: `No ${resource.label} with uuid "${uuid}" exists.` })),
      );
    }
    const changes = uuids.flatMap((uuid) => {
      const entry = area.find(resource.type, uuid);
      if (!entry || entry.downloaded === downloaded) return [];
      entry.downloaded = downloaded;
      return [{ uuid, downloaded }];
    });
    if (changes.length > 0) area.saved.saveDownloaded(changes);
    return reply.code(204).send();
  });
}

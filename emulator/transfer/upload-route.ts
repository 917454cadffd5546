import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isPlainObject, MAX_UPLOAD_BODY_BYTES, validateUploadRequest } from '../../shared/validation';
import type { DemoAccount, EmulatorContext, SeededRandom, UploadCountry } from '../context';
import { type BodyRead, readBodyWithLimit } from './body';
import { decideUpload503, readUpload503Plan } from './faults';
import { accountOf, sendError } from './http';
import { toUploadView, type UploadRecord } from './model';
import type { UploadPipeline } from './pipeline';
import type { TransferStore } from './store';

export interface UploadRouteDeps {
  ctx: EmulatorContext;
  store: TransferStore;
  pipeline: UploadPipeline;
  faultRandom: SeededRandom;
}

const countryNames: Record<UploadCountry, string> = { IT: 'Italy (IT)', PL: 'Poland (PL)' };
const notJsonObject = 'The request body must be a JSON object: {"country", "file_name", "content" and optionally "e2e_id"}. Send a JSON object.';

/**
 * `POST /upload`, checked in this order (DESIGN §5.2): 401 (the scope's onRequest hook) → 413 on
 * the raw bytes → 400 not a JSON object → 400 every invalid field → 403 → 409 → 202 (or 503).
 */
export function registerUploadRoute(scope: FastifyInstance, deps: UploadRouteDeps): void {
  // The body is read here, counting bytes, whatever its Content-Type says: parsing comes later.
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', (request: FastifyRequest, payload: IncomingMessage) =>
    readBodyWithLimit(payload, request.headers['content-length'], MAX_UPLOAD_BODY_BYTES),
  );

  scope.post(
    '/upload',
    {
      onRequest: async (request) => {
        // Any (even malformed) Content-Type is accepted: without the header Fastify hands every
        // body to the catch-all reader above instead of answering 415.
        delete request.raw.headers['content-type'];
      },
    },
    (request, reply) => handleUpload(request, reply, deps),
  );
}

function handleUpload(request: FastifyRequest, reply: FastifyReply, deps: UploadRouteDeps): FastifyReply {
  const body = request.body as BodyRead | undefined;
  if (body?.kind === 'too_large') {
    if (!body.drained) reply.header('connection', 'close');
    return sendError(
      reply,
      413,
      `The request is larger than 5 MiB (${MAX_UPLOAD_BODY_BYTES} bytes), so the file cannot be sent this way. Send files over about 3.75 MiB by SFTP, or split the file.`,
    );
  }

  const json = parseJsonObject(body?.bytes);
  if (json === null) return reply.code(400).send({ errors: notJsonObject });

  const check = validateUploadRequest(json);
  if (!check.ok) return reply.code(400).send({ errors: check.fieldErrors });
  const { country, fileName, content, e2eId } = check.request;

  const account = accountOf(request);
  const access = account.uploadAccess[country];
  if (access === 'no_access') {
    return sendError(reply, 403, `This account has no REST upload access to ${countryNames[country]}. Contact support to get it, or send the file over SFTP.`);
  }
  if (access === 'not_configured') {
    return reply.code(409).send({
      code: 'transfer_not_configured',
      message: `Transfer to ${countryNames[country]} is not set up for this account yet. Contact support to have it configured.`,
    });
  }

  const fileBytes = Buffer.from(content, 'base64');
  const upload = newUpload(deps.ctx, account, { country, fileName, e2eId, size: fileBytes.length });
  const receipt = toUploadView(upload);
  // Read per request so a test (or a debugging session) can change the faults of a running emulator.
  const fault = decideUpload503(readUpload503Plan(deps.ctx.options.faults), deps.faultRandom);
  if (fault) {
    if (fault.stored) store(deps, { ...upload, outcome: fault.outcome }, fileBytes);
    deps.ctx.log(`transfer: answered 503 for upload ${upload.id} (${fault.stored ? `stored, ${fault.outcome}` : 'not stored'})`);
    return reply.code(503).send({
      ...receipt,
      errors: `The service could not confirm it stored the file. Read the upload with GET /uploads/${upload.id} before sending it again: if it is failed, resend it; if it stays pending, contact support before retrying; if it is ingested or later, do not resend.`,
    });
  }
  store(deps, upload, fileBytes);
  return reply.code(202).header('location', `/uploads/${upload.id}`).send(receipt);
}

function store(deps: UploadRouteDeps, upload: UploadRecord, fileBytes: Uint8Array): void {
  deps.store.addUpload(upload, fileBytes);
  deps.pipeline.start(upload.id);
}

function newUpload(
  ctx: EmulatorContext,
  account: DemoAccount,
  fields: { country: UploadCountry; fileName: string; e2eId: string | null; size: number },
): UploadRecord {
  const at = ctx.now().toISOString();
  return {
    id: randomUUID(),
    ownerUid: account.uid,
    e2e_id: fields.e2eId,
    status: 'pending',
    country: fields.country,
    file_name: fields.fileName,
    size: fields.size,
    created_at: at,
    updated_at: at,
    errors: null,
    outcome: 'normal',
  };
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The body as a JSON object, or null when it is empty, not UTF-8, not JSON, or not an object. */
function parseJsonObject(bytes: Buffer | undefined): Record<string, unknown> | null {
  if (!bytes || bytes.length === 0) return null;
  try {
    const value: unknown = JSON.parse(utf8.decode(bytes).replace(/^\uFEFF/, ''));
    return isPlainObject(value) ? value : null;
  } catch {
    return null;
  }
}

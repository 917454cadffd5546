/**
 * The document interface client (spec "Document interface", DESIGN §5.2): list with the spec's
 * filters, get, source (byte for byte), print (the 302 read by hand), mark downloaded, send and
 * the validation rules. Every answer is checked with zod; every failure is an AppError.
 */
import type { Readable } from 'node:stream';
import {
  AppError,
  because,
  reason,
  isAppError,
  type DocumentFilters,
  type DocumentPage,
  type DocumentRecord,
  type DocumentType,
  type SendableDocumentType,
  type ValidationRule,
} from '../../../shared/contract';
import { header, type HttpClient } from '../http/client';
import type { RetryPolicy } from '../http/retry';
import { joinUrl } from '../http/url';
import { documentPath, documentTypeWords } from './paths';
import { listQuery, withQuery } from './query';
import {
  constraintViolationsSchema,
  hydraCollectionSchema,
  printBodySchema,
  recordSchema,
  toDocumentPage,
  toDocumentRecord,
  toViolations,
  validationRulesSchema,
} from './records';

export interface DocumentsApiDeps {
  http: HttpClient;
  /** The active profile's document interface address. */
  baseUrl: () => string;
  /** The bearer token; throws `unauthorized` when signed out. */
  token: () => string;
}

export interface CallOptions {
  signal?: AbortSignal;
  /** `false` when the caller retries by itself (bulk download). */
  retry?: Partial<RetryPolicy> | false;
}

export interface SourceBytes {
  bytes: Buffer;
  /** As the server said; `application/octet-stream` when it said nothing. */
  contentType: string;
}

export interface SendRequest {
  type: SendableDocumentType;
  bytes: Uint8Array;
  format: 'xml' | 'json';
  validationRule?: string;
}

export interface SendResult {
  record: DocumentRecord;
  /** The rule the server applied when it says so (`X-Validation-Rule` answer header), else the one asked for. */
  validationRule: string | null;
}

export interface DocumentsApi {
  list(type: DocumentType, filters: DocumentFilters, page: number, itemsPerPage: number, options?: CallOptions): Promise<DocumentPage>;
  get(type: DocumentType, uuid: string, options?: CallOptions): Promise<DocumentRecord>;
  source(type: DocumentType, uuid: string, options?: CallOptions): Promise<SourceBytes>;
  print(type: SendableDocumentType, uuid: string, options?: CallOptions): Promise<Buffer>;
  markDownloaded(type: SendableDocumentType, uuids: readonly string[], downloaded: boolean, options?: CallOptions): Promise<void>;
  send(request: SendRequest): Promise<SendResult>;
  validationRules(): Promise<ValidationRule[]>;
}

const HYDRA = 'application/ld+json';
const SOURCE_ACCEPT = 'application/xml, text/xml;q=0.9, application/json;q=0.8, */*;q=0.1';
const SEND_TIMEOUT_MS = 120_000;
const MAX_PRINT_ANSWER = 64 * 1024;

const redirects = [301, 302, 303, 307, 308];

export function createDocumentsApi(deps: DocumentsApiDeps): DocumentsApi {
  const { http } = deps;
  const url = (path: string): string => joinUrl(deps.baseUrl(), path);
  const callOptions = (options: CallOptions | undefined) => ({
    ...(options?.signal ? { signal: options.signal } : {}),
    ...(options?.retry !== undefined ? { retry: options.retry } : {}),
  });

  /** Asks for the print: the answer is a redirect (or `{url}`) to a download that needs no token. */
  async function printLocation(type: SendableDocumentType, uuid: string, options?: CallOptions): Promise<{ url: string } | { pdf: Buffer }> {
    const endpoint = url(documentPath(type, uuid, 'print'));
    const response = await http.stream({
      url: endpoint,
      token: deps.token(),
      headers: { accept: 'application/json' },
      okStatuses: redirects,
      ...callOptions(options),
    });
    const contentType = header(response.headers, 'content-type') ?? '';
    if (response.status === 200 && contentType.includes('application/pdf')) return { pdf: await readAll(response.body) };
    const body = (await readAll(response.body, MAX_PRINT_ANSWER)).toString('utf8');
    const location = header(response.headers, 'location') ?? urlFromJson(body);
    if (!location) {
      throw new AppError('bad_response', `The service did not say where the PDF of ${documentTypeWords[type]} ${uuid} is (no Location header, no "url" in the answer).`, {
        status: response.status,
        details: because(reason('documents.pdfNoAddress'), { requestId: response.requestId }),
      });
    }
    let resolved: URL;
    try {
      resolved = new URL(location, endpoint);
    } catch {
      throw new AppError('bad_response', `The service gave an unreadable PDF address for ${documentTypeWords[type]} ${uuid}.`, { details: because(reason('documents.pdfBadAddress')) });
    }
    if (resolved.protocol !== 'http:' && resolved.protocol !== 'https:') {
      throw new AppError('bad_response', `The service gave a PDF address that is not http(s) (${resolved.protocol}).`, { details: because(reason('documents.pdfBadAddress')) });
    }
    return { url: resolved.toString() };
  }

  async function fetchPrintFile(fileUrl: string, options?: CallOptions): Promise<Buffer> {
    // The download link is time-limited and needs no token: the bearer token must not travel to it.
    const { data } = await http.bytes({ url: fileUrl, headers: { accept: 'application/pdf' }, ...callOptions(options) });
    return data;
  }

  return {
    async list(type, filters, page, itemsPerPage, options) {
      const envelope = await http.json({
        url: withQuery(url(documentPath(type)), listQuery(filters, page, itemsPerPage)),
        token: deps.token(),
        headers: { accept: HYDRA },
        schema: hydraCollectionSchema,
        ...callOptions(options),
      });
      return toDocumentPage(type, envelope, page, itemsPerPage);
    },

    async get(type, uuid, options) {
      const wire = await http.json({
        url: url(documentPath(type, uuid)),
        token: deps.token(),
        headers: { accept: HYDRA },
        schema: recordSchema,
        ...callOptions(options),
      });
      return toDocumentRecord(type, wire);
    },

    async source(type, uuid, options) {
      const response = await http.bytes({
        url: url(documentPath(type, uuid, 'source')),
        token: deps.token(),
        headers: { accept: SOURCE_ACCEPT },
        ...callOptions(options),
      });
      return { bytes: response.data, contentType: response.contentType ?? 'application/octet-stream' };
    },

    async print(type, uuid, options) {
      for (let attempt = 1; ; attempt += 1) {
        const where = await printLocation(type, uuid, options);
        if ('pdf' in where) return checkPdf(where.pdf);
        try {
          return checkPdf(await fetchPrintFile(where.url, options));
        } catch (error) {
          const expired = isAppError(error) && (error.status === 404 || error.status === 410);
          if (!expired) throw error;
          if (attempt >= 2) {
            throw new AppError(
              'not_found',
              `The PDF of ${documentTypeWords[type]} ${uuid} could not be downloaded: its download link had expired, and so had a fresh one. Try again in a moment.`,
              { status: error.status, details: because(reason('documents.pdfLinkExpired')), cause: error },
            );
          }
          // The link expired between the redirect and the download: ask for a fresh one, once.
        }
      }
    },

    async markDownloaded(type, uuids, downloaded, options) {
      await http.empty({
        method: 'POST',
        url: url(`${documentPath(type)}/downloaded`),
        token: deps.token(),
        headers: { accept: HYDRA },
        json: { downloaded, uuids },
        ...callOptions(options),
      });
    },

    async send(request) {
      const headers: Record<string, string> = {
        accept: HYDRA,
        'content-type': request.format === 'xml' ? 'application/xml' : 'application/json',
      };
      if (request.validationRule) headers['x-validation-rule'] = request.validationRule;
      try {
        const response = await http.jsonResponse({
          method: 'POST',
          url: url(documentPath(request.type)),
          token: deps.token(),
          headers,
          body: request.bytes,
          schema: recordSchema,
          timeoutMs: SEND_TIMEOUT_MS,
        });
        const applied = header(response.headers, 'x-validation-rule') ?? request.validationRule ?? null;
        return { record: toDocumentRecord(request.type, response.data), validationRule: applied };
      } catch (error) {
        throw sendError(request.type, error);
      }
    },

    async validationRules() {
      return http.json({ url: url('/validation-rules'), token: deps.token(), schema: validationRulesSchema });
    },
  };
}

/** 422 → the violations with their rule ids; 400 → what the server could not read. */
function sendError(type: SendableDocumentType, error: unknown): unknown {
  if (!isAppError(error)) return error;
  const body = (error.details as { body?: unknown } | undefined)?.body;
  const messages = (error.details as { messages?: string[] } | undefined)?.messages ?? [];
  const words = documentTypeWords[type];
  if (error.status === 422) {
    const parsed = constraintViolationsSchema.safeParse(body);
    const violations = parsed.success ? toViolations(parsed.data) : [];
    const rules = [...new Set(violations.map((violation) => violation.rule).filter(Boolean))];
    const summary =
      violations.length === 0
        ? `The service refused the ${words}${messages[0] ? `: ${messages[0]}` : '.'}`
        : `The service refused the ${words}: ${violations.length} rule${violations.length === 1 ? '' : 's'} failed (${rules.slice(0, 5).join(', ')}${rules.length > 5 ? ', …' : ''}).`;
    const why =
      violations.length > 0
        ? reason('documents.refusedViolations', { failed: violations.length, rules: `${rules.slice(0, 5).join(', ')}${rules.length > 5 ? ', …' : ''}` })
        : messages[0]
          ? reason('documents.refusedSaid', { said: messages[0] })
          : reason('documents.refused');
    return new AppError('validation', summary, { status: 422, details: because(why, { violations }), cause: error });
  }
  if (error.status === 400) {
    const said = messages.length > 0 ? messages.slice(0, 3).join('; ') : 'it did not say why';
    const why = messages.length > 0 ? reason('documents.unreadableSaid', { said }) : reason('documents.unreadable');
    return new AppError('validation', `The service could not read the ${words} (HTTP 400): ${said}.`, { status: 400, details: because(why, { violations: [], messages }), cause: error });
  }
  return error;
}

function urlFromJson(text: string): string | undefined {
  try {
    const parsed = printBodySchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data.url : undefined;
  } catch {
    return undefined;
  }
}

function checkPdf(bytes: Buffer): Buffer {
  if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') {
    // Its first bytes go to the log only, never to the user.
    const start = bytes.subarray(0, 20).toString('utf8').replace(/[^\x20-\x7e]/g, '.');
    throw new AppError('bad_response', `The print file is not a PDF (it starts with "${start}").`, { details: because(reason('documents.printNotPdf')) });
  }
  return bytes;
}

async function readAll(body: Readable, limit = Number.POSITIVE_INFINITY): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    chunks.push(buffer);
    size += buffer.length;
    if (size > limit) {
      body.destroy();
      break;
    }
  }
  return Buffer.concat(chunks);
}

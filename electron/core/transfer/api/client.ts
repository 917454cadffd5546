/**
 * The transfer interface (spec "Transfer interface"): `POST /upload` with its outcomes sorted the
 * way the upload journal needs them, and the tracking reads. Every answer is checked with zod.
 */
import { AppError, because, isAppError, reason, type FilePayload, type ServerUpload, type TransferDocument, type UploadCountry } from '../../../../shared/contract';
import { header, type HttpClient } from '../../http/client';
import type { HttpErrorDetails } from '../../http/errors';
import { joinUrl } from '../../http/url';
import { describeRejection, messages, type EntryError } from './messages';
import { serverUploadListSchema, serverUploadSchema, transferDocumentListSchema, uploadReceiptSchema, type UploadReceipt } from './schemas';
import { createBodyBuffers, uploadBody, uploadContentSize, type BodyBuffers, type UploadContent } from './upload-body';

export interface UploadRequest {
  country: UploadCountry;
  fileName: string;
  e2eId: string;
  content: UploadContent;
}

/**
 * What became of one `POST /upload`:
 * - `accepted`: 202, the upload exists.
 * - `uncertain`: the service may or may not have kept it (503, a broken connection, a 5xx, an
 *   unreadable 202): reconcile by End-to-end ID before anything else.
 * - `unauthorized`: 401; nothing was stored.
 * - `rejected`: a 4xx refusal; nothing was stored.
 * - `not_sent`: the request could not even start (signed out, no address).
 */
export type PostOutcome =
  | { kind: 'accepted'; receipt: UploadReceipt }
  | { kind: 'uncertain'; receiptId?: string; message: string }
  | { kind: 'unauthorized'; message: string }
  | { kind: 'rejected'; error: EntryError }
  /** Nothing left the app: no address or no token yet. */
  | { kind: 'not_sent'; error: AppError };

export interface TransferApi {
  postUpload(request: UploadRequest, signal?: AbortSignal): Promise<PostOutcome>;
  /** Null when the service does not know the upload (404). */
  getUpload(uploadId: string): Promise<ServerUpload | null>;
  findByE2eId(e2eId: string): Promise<ServerUpload[]>;
  listDocuments(uploadId: string): Promise<TransferDocument[]>;
  downloadDocument(documentId: string): Promise<FilePayload>;
}

export interface TransferApiDeps {
  http: HttpClient;
  /** The active profile's transfer address; throws (e.g. `unavailable`) when it is not known yet. */
  baseUrl: () => string;
  /** The bearer token; throws `unauthorized` when signed out. */
  token: () => string;
  /** How long to wait for the answer to a POST (a 5 MiB body on a slow line takes a while). */
  postTimeoutMs?: number;
  /** Buffers for POST bodies, used again after each 202 (default: four of them). */
  bodyBuffers?: BodyBuffers;
}

const segment = (value: string): string => encodeURIComponent(value);

function receiptIdOf(details: Partial<HttpErrorDetails> | undefined): string | undefined {
  const parsed = uploadReceiptSchema.safeParse(details?.body);
  return parsed.success ? parsed.data.id : undefined;
}

/** `attachment; filename="a.xml"; filename*=UTF-8''a.xml` → `a.xml`. */
export function fileNameFromDisposition(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const encoded = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(value)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // fall through to the plain form
    }
  }
  const quoted = /filename\s*=\s*"((?:[^"\\]|\\.)*)"/.exec(value)?.[1];
  if (quoted) return quoted.replace(/\\(.)/g, '$1');
  return /filename\s*=\s*([^;]+)/.exec(value)?.[1]?.trim();
}

export function createTransferApi(deps: TransferApiDeps): TransferApi {
  const url = (path: string): string => joinUrl(deps.baseUrl(), path);
  // About as many as POSTs are in flight at once (the upload service sends three at a time).
  const bodyBuffers = deps.bodyBuffers ?? createBodyBuffers(4);

  return {
    async postUpload(request, signal) {
      let token: string;
      let target: string;
      try {
        token = deps.token();
        target = url('/upload');
      } catch (error) {
        if (isAppError(error)) return { kind: 'not_sent', error };
        throw error;
      }
      const body = uploadBody(request, bodyBuffers);
      try {
        const response = await deps.http.jsonResponse({
          method: 'POST',
          url: target,
          body: body.content,
          headers: { 'content-type': 'application/json', 'content-length': String(body.length) },
          token,
          schema: uploadReceiptSchema,
          retry: false,
          timeoutMs: deps.postTimeoutMs ?? 120_000,
          ...(signal ? { signal } : {}),
        });
        body.release();
        return { kind: 'accepted', receipt: response.data };
      } catch (error) {
        if (!isAppError(error)) throw error;
        const details = error.details as Partial<HttpErrorDetails> | undefined;
        const status = error.status;
        if (status === 401) return { kind: 'unauthorized', message: messages.signInAgain };
        if (status === 503) {
          const receiptId = receiptIdOf(details);
          return { kind: 'uncertain', message: messages.unavailable, ...(receiptId ? { receiptId } : {}) };
        }
        if (status !== undefined && status >= 400 && status < 500) {
          return { kind: 'rejected', error: describeRejection(status, details, { fileName: request.fileName, size: uploadContentSize(request.content), country: request.country }) };
        }
        // 5xx, timeouts, broken connections and an unreadable 202: the file may have arrived.
        return { kind: 'uncertain', message: status !== undefined ? messages.unavailable : messages.transport };
      }
    },

    async getUpload(uploadId) {
      try {
        return await deps.http.json({ url: url(`/uploads/${segment(uploadId)}`), token: deps.token(), schema: serverUploadSchema });
      } catch (error) {
        if (isAppError(error) && error.status === 404) return null;
        throw error;
      }
    },

    findByE2eId(e2eId) {
      return deps.http.json({ url: url('/uploads'), query: { e2e_id: e2eId }, token: deps.token(), schema: serverUploadListSchema });
    },

    async listDocuments(uploadId) {
      try {
        return await deps.http.json({ url: url(`/uploads/${segment(uploadId)}/transfer-documents`), token: deps.token(), schema: transferDocumentListSchema });
      } catch (error) {
        if (isAppError(error) && error.status === 404) {
          throw new AppError('not_found', 'The service does not know this upload for the signed-in account.', { status: 404, details: because(reason('uploads.unknownUpload'), error.details as object) });
        }
        throw error;
      }
    },

    async downloadDocument(documentId) {
      try {
        const response = await deps.http.bytes({ url: url(`/transfer-documents/${segment(documentId)}/download`), token: deps.token(), timeoutMs: 60_000 });
        const fileName = fileNameFromDisposition(header(response.headers, 'content-disposition')) ?? `transfer-document-${documentId}`;
        return {
          fileName,
          contentType: response.contentType ?? 'application/octet-stream',
          base64: response.data.toString('base64'),
          size: response.data.length,
        };
      } catch (error) {
        if (isAppError(error) && error.status === 404) {
          throw new AppError('not_found', 'The service does not know this transfer document for the signed-in account.', { status: 404, details: because(reason('uploads.unknownDocument'), error.details as object) });
        }
        throw error;
      }
    },
  };
}

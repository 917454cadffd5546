/**
 * The core's HTTP client on undici (DESIGN §4): timeouts, error mapping to stable codes,
 * retries with jittered backoff for idempotent calls only, request ids, no secret in logs.
 */
import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { request, type Dispatcher } from 'undici';
import type { z } from 'zod';
import { AppError, because, reason } from '../../../shared/contract';
import { describeIssues, summarizeIssues } from '../errors';
import type { Logger } from '../ports';
import { errorForStatus, errorForTransport } from './errors';
import { backoffDelay, defaultRetryPolicy, parseRetryAfter, type RetryPolicy } from './retry';

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type QueryValue = string | number | boolean | undefined | null | ReadonlyArray<string | number | boolean>;
export type ResponseHeaders = Record<string, string | string[] | undefined>;

export interface HttpRequest {
  method?: HttpMethod;
  url: string | URL;
  /** Appended to the URL; arrays repeat the key (`senderId[]=a&senderId[]=b` when the key says so). */
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  /** A JSON body (sets Content-Type). */
  json?: unknown;
  /** A raw body; a stream cannot be retried. */
  body?: string | Uint8Array | Readable;
  /** Bearer token; a 401 to a call that carried one ends the session (see `onUnauthorized`). */
  token?: string;
  /** Wait for headers, and between body chunks, at most this long (default 15 s). */
  timeoutMs?: number;
  /** Safe to repeat (GET and HEAD are); only such calls are retried. */
  idempotent?: boolean;
  retry?: Partial<RetryPolicy> | false;
  signal?: AbortSignal;
  /** Another Agent than the profile's, e.g. the fiscal mTLS one. */
  dispatcher?: Dispatcher;
  /** Non-2xx statuses the caller handles itself (e.g. 302 from `print`). */
  okStatuses?: readonly number[];
}

export interface HttpResponse {
  status: number;
  headers: ResponseHeaders;
  requestId: string;
}

export interface StreamResponse extends HttpResponse {
  body: Readable;
}

export interface HttpClientOptions {
  logger: Logger;
  /** The active profile's Agent (called for every request). */
  dispatcher: () => Dispatcher;
  /** Called when a call that carried `token` gets a 401. */
  onUnauthorized?: (info: { token: string; error: AppError }) => void;
  defaultTimeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  userAgent?: string;
  /** Log every request, not only failures and retries. */
  verbose?: boolean;
  random?: () => number;
}

export interface HttpClient {
  /** The response with its body stream (2xx or `okStatuses`); the caller must consume or destroy it. */
  stream(req: HttpRequest): Promise<StreamResponse>;
  /** Parses the JSON answer with the caller's schema; a body that is not JSON or fails it → `bad_response`. */
  json<S extends z.ZodType>(req: HttpRequest & { schema: S }): Promise<z.output<S>>;
  jsonResponse<S extends z.ZodType>(req: HttpRequest & { schema: S }): Promise<HttpResponse & { data: z.output<S> }>;
  bytes(req: HttpRequest): Promise<HttpResponse & { data: Buffer; contentType?: string }>;
  /** For answers without a body worth reading (204, 202 when only headers matter). */
  empty(req: HttpRequest): Promise<HttpResponse>;
}

const MAX_ERROR_BODY = 64 * 1024;

export function header(headers: ResponseHeaders, name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

function buildUrl(url: string | URL, query: HttpRequest['query']): URL {
  const out = new URL(url);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) out.searchParams.append(key, String(item));
    else out.searchParams.append(key, String(value));
  }
  return out;
}

async function readLimited(body: Readable, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    chunks.push(buffer);
    size += buffer.length;
    if (size >= limit) {
      body.destroy();
      break;
    }
  }
  return Buffer.concat(chunks).subarray(0, limit).toString('utf8');
}

function parseMaybeJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text.slice(0, 2_000);
  }
}

const isStream = (body: HttpRequest['body']): body is Readable =>
  typeof body === 'object' && body !== null && typeof (body as Readable).pipe === 'function';

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const defaultTimeoutMs = options.defaultTimeoutMs ?? 15_000;
  const random = options.random ?? Math.random;

  async function send(req: HttpRequest): Promise<StreamResponse> {
    const method = req.method ?? 'GET';
    const url = buildUrl(req.url, req.query);
    const where = `${url.origin}${url.pathname}`;
    const requestId = crypto.randomUUID();
    const timeoutMs = req.timeoutMs ?? defaultTimeoutMs;
    const idempotent = req.idempotent ?? (method === 'GET' || method === 'HEAD');
    const policy: RetryPolicy = { ...defaultRetryPolicy, ...options.retry, ...(req.retry || {}) };
    const attempts = req.retry === false || !idempotent || isStream(req.body) ? 1 : Math.max(1, policy.attempts);
    const meta = { requestId, host: url.host, method };

    const headers: Record<string, string> = {
      accept: 'application/json',
      'x-request-id': requestId,
      ...(options.userAgent ? { 'user-agent': options.userAgent } : {}),
      ...req.headers,
    };
    let body: string | Uint8Array | Readable | undefined = req.body;
    if (req.json !== undefined) {
      body = JSON.stringify(req.json);
      headers['content-type'] ??= 'application/json';
    }
    if (req.token) headers.authorization = `Bearer ${req.token}`;

    type Outcome = { response: StreamResponse } | { failure: AppError; retryable: boolean; retryAfterMs?: number };

    const attemptOnce = async (attempt: number): Promise<Outcome> => {
      const started = Date.now();
      let response: Dispatcher.ResponseData;
      try {
        response = await request(url, {
          method,
          headers,
          body: body ?? null,
          dispatcher: req.dispatcher ?? options.dispatcher(),
          headersTimeout: timeoutMs,
          bodyTimeout: timeoutMs,
          signal: req.signal ?? null,
        });
      } catch (error) {
        const failure = errorForTransport(error, { ...meta, timeoutMs, aborted: req.signal?.aborted ?? false });
        options.logger.warn(`HTTP ${method} ${where} failed`, { requestId, attempt, code: failure.code, reason: (error as Error).message });
        // Only connection-level failures are worth repeating; a timeout already cost the user its full wait.
        return { failure, retryable: failure.code === 'network' };
      }
      const status = response.statusCode;
      if ((status >= 200 && status < 300) || req.okStatuses?.includes(status)) {
        if (options.verbose) options.logger.info(`HTTP ${method} ${where} → ${status}`, { requestId, ms: Date.now() - started, attempt });
        return { response: { status, headers: response.headers, body: response.body, requestId } };
      }
      let errorBody: unknown;
      try {
        errorBody = parseMaybeJson(await readLimited(response.body, MAX_ERROR_BODY));
      } catch {
        errorBody = undefined;
      }
      const failure = errorForStatus(status, errorBody, meta);
      options.logger.warn(`HTTP ${method} ${where} → ${status}`, { requestId, ms: Date.now() - started, attempt, code: failure.code });
      if (status === 401 && req.token) options.onUnauthorized?.({ token: req.token, error: failure });
      const retryAfterMs = parseRetryAfter(header(response.headers, 'retry-after'), Date.now());
      return { failure, retryable: policy.statuses.includes(status), ...(retryAfterMs !== undefined ? { retryAfterMs } : {}) };
    };

    for (let attempt = 1; ; attempt += 1) {
      const outcome = await attemptOnce(attempt);
      if ('response' in outcome) return outcome.response;
      const { failure, retryable, retryAfterMs } = outcome;
      if (!retryable || attempt >= attempts) throw failure;
      if (retryAfterMs !== undefined && retryAfterMs > policy.maxRetryAfterMs) {
        options.logger.warn(`HTTP ${method} ${where}: the server asks to wait longer than the app will`, { requestId, retryAfterMs });
        throw failure;
      }
      const delay = retryAfterMs ?? backoffDelay(policy, attempt, random);
      options.logger.info(`HTTP ${method} ${where}: retrying after ${failure.code}`, { requestId, attempt, delayMs: delay, status: failure.status });
      try {
        await sleep(delay, undefined, req.signal ? { signal: req.signal } : undefined);
      } catch (error) {
        throw new AppError('cancelled', 'The request was cancelled.', { details: because(reason('http.cancelled'), { requestId }), cause: error });
      }
    }
  }

  async function readJson<S extends z.ZodType>(req: HttpRequest & { schema: S }): Promise<HttpResponse & { data: z.output<S> }> {
    const response = await send(req);
    const { status, headers, requestId } = response;
    const host = new URL(req.url).host;
    let text: string;
    try {
      text = await readAll(response.body);
    } catch (error) {
      throw errorForTransport(error, { requestId, host, method: req.method ?? 'GET', timeoutMs: req.timeoutMs ?? defaultTimeoutMs, aborted: req.signal?.aborted ?? false });
    }
    let value: unknown;
    try {
      value = text.trim() === '' ? undefined : (JSON.parse(text) as unknown);
    } catch {
      options.logger.warn('HTTP response is not JSON', { requestId, status, host, length: text.length });
      throw unreadable(requestId, host, 'The answer is not valid JSON.');
    }
    const parsed = req.schema.safeParse(value);
    if (!parsed.success) {
      const issues = summarizeIssues(parsed.error.issues);
      options.logger.warn('HTTP response does not have the expected shape', { requestId, status, host, issues: describeIssues(issues, 5) });
      throw unreadable(requestId, host, describeIssues(issues), issues);
    }
    return { status, headers, requestId, data: parsed.data };
  }

  return {
    stream: send,
    jsonResponse: readJson,
    async json(req) {
      return (await readJson(req)).data;
    },
    async bytes(req) {
      const response = await send(req);
      try {
        const data = await bufferAll(response.body);
        const contentType = header(response.headers, 'content-type');
        return { status: response.status, headers: response.headers, requestId: response.requestId, data, ...(contentType ? { contentType } : {}) };
      } catch (error) {
        throw errorForTransport(error, {
          requestId: response.requestId,
          host: new URL(req.url).host,
          method: req.method ?? 'GET',
          timeoutMs: req.timeoutMs ?? defaultTimeoutMs,
          aborted: req.signal?.aborted ?? false,
        });
      }
    },
    async empty(req) {
      const response = await send(req);
      response.body.resume();
      await new Promise<void>((resolve) => {
        response.body.once('end', resolve);
        response.body.once('error', () => resolve());
        response.body.once('close', resolve);
      });
      return { status: response.status, headers: response.headers, requestId: response.requestId };
    },
  };
}

function unreadable(requestId: string, host: string, problem: string, issues?: unknown): AppError {
  return new AppError('bad_response', 'The server sent a response the app cannot read.', {
    details: because(reason('http.badResponse', { host }), { requestId, host, reason: problem, ...(issues ? { issues } : {}) }),
  });
}

/** undici's bodies collect themselves into one exact buffer, without a stream iterator; other streams are read chunk by chunk. */
async function bufferAll(body: Readable): Promise<Buffer> {
  const collectable = body as Readable & { arrayBuffer?: () => Promise<ArrayBuffer> };
  if (typeof collectable.arrayBuffer === 'function') return Buffer.from(await collectable.arrayBuffer());
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

async function readAll(body: Readable): Promise<string> {
  return (await bufferAll(body)).toString('utf8');
}

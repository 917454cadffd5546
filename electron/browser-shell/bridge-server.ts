import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isChannelName, type AppErrorShape, type Envelope } from '../../shared/contract';
import type { CoreApp } from '../core/app-types';
import { rendererSecurityHeaders } from '../shell-common/csp';
import { contentTypeFor } from '../shell-common/mime';
import { resolveRendererFile } from '../shell-common/renderer-files';
import {
  BINARY_CONTENT_TYPE,
  BRIDGE_SCRIPT_PATH,
  EVENTS_PATH,
  JSON_BYTES_HEADER,
  INVOKE_PATH_PREFIX,
  SECRET_HEADER,
  SECRET_QUERY_PARAM,
  bridgeScript,
  injectBridgeScript,
} from './bridge-script';
import { parseBinaryPayload } from './binary-payload';
import { EventStreamHub } from './event-stream';
import { checkBridgeCaller, checkHost, type GuardConfig, type GuardFailure } from './request-guard';

/** Large enough for files sent as bytes by later upload issues (the service's own limit is 5 MiB). */
export const DEFAULT_MAX_BODY_BYTES = 64 * 1024 * 1024;

export interface BridgeServerOptions {
  core: Pick<CoreApp, 'handle' | 'onEvent'>;
  rendererDir: string;
  secret: string;
  port: number;
  maxBodyBytes?: number;
  heartbeatMs?: number;
  log?: (message: string) => void;
}

export interface BridgeServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  port: number;
  /** The URL to open: the origin plus the secret in the fragment. */
  launchUrl: string;
  close(): Promise<void>;
}

type Failure = { status: number; error: AppErrorShape };

const sendJson = (response: ServerResponse, status: number, body: unknown): void => {
  if (response.headersSent) {
    response.end();
    return;
  }
  let text: string;
  try {
    text = JSON.stringify(body);
  } catch {
    status = 500;
    text = JSON.stringify({ ok: false, error: { code: 'internal', message: 'The result could not be encoded.' } });
  }
  response.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  response.end(text);
};

const sendFailure = (response: ServerResponse, failure: Failure | GuardFailure): void => {
  const error =
    'error' in failure
      ? failure.error
      : { code: failure.code, message: failure.message, ...(failure.details ? { details: failure.details } : {}) };
  // No `status` in the error: that field is the service's HTTP status, and this failure is the shell's own.
  const envelope: Envelope<never> = { ok: false, error };
  sendJson(response, failure.status, envelope);
};

const sendText = (response: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void => {
  response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff', ...headers });
  response.end(text);
};

class BodyTooLarge extends Error {}

/**
 * The request's body. With a Content-Length (the browser always sends one for a call with files)
 * it is read straight into one buffer of that size, each chunk dropped as soon as it is copied:
 * gathering the chunks and joining them at the end held a call's bytes twice (4 MiB calls of files).
 */
const readBody = (request: IncomingMessage, limit: number): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const declaredHeader = request.headers['content-length'];
    const declared = declaredHeader === undefined ? Number.NaN : Number(declaredHeader);
    if (Number.isFinite(declared) && declared > limit) {
      reject(new BodyTooLarge());
      return;
    }
    const into = Number.isSafeInteger(declared) && declared >= 0 ? Buffer.allocUnsafeSlow(declared) : undefined;
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      if (size + chunk.length > (into ? into.length : limit)) {
        // Node's parser stops a body at its Content-Length, so only a body without one gets here.
        reject(new BodyTooLarge());
        request.destroy();
        return;
      }
      if (into) chunk.copy(into, size);
      else chunks.push(chunk);
      size += chunk.length;
    });
    request.on('end', () => resolve(into ? into.subarray(0, size) : Buffer.concat(chunks)));
    request.on('error', reject);
  });

const isJsonContentType = (value: string | undefined): boolean =>
  value === undefined || /^application\/json\s*(;|$)/i.test(value);

const isBinaryContentType = (value: string | undefined): boolean =>
  value !== undefined && value.split(';')[0]!.trim().toLowerCase() === BINARY_CONTENT_TYPE;

/** Parses the body into the payload; an empty body is "no payload" (channels without input). */
const parsePayload = (body: Buffer): { ok: true; payload: unknown } | { ok: false; message: string } => {
  const text = body.toString('utf8');
  if (text.trim() === '') return { ok: true, payload: undefined };
  try {
    return { ok: true, payload: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, message: `The request body is not valid JSON (${error instanceof Error ? error.message : 'parse error'}).` };
  }
};

/**
 * The browser shell's HTTP server on 127.0.0.1: the built renderer (static, strict CSP), the bridge
 * (`POST /bridge/invoke/<channel>`, `GET /bridge/events`) and `/bridge.js`. Never throws out of a
 * request: every failure is an answer.
 */
export const startBridgeServer = async (options: BridgeServerOptions): Promise<BridgeServer> => {
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const log = options.log ?? (() => undefined);
  const hub = new EventStreamHub(options.heartbeatMs);
  const unsubscribe = options.core.onEvent((name, payload) => hub.publish(name, payload));
  let guard: GuardConfig = { host: '', origin: '', secret: options.secret };

  const handleInvoke = async (request: IncomingMessage, response: ServerResponse, channel: string): Promise<void> => {
    if (request.method !== 'POST') {
      sendFailure(response, { status: 405, error: { code: 'bad_request', message: 'Bridge calls use POST.' } });
      return;
    }
    const rejected = checkBridgeCaller(request, guard, headerValue(request, SECRET_HEADER), { originRequired: true });
    if (rejected !== null) {
      request.resume();
      sendFailure(response, rejected);
      return;
    }
    const contentType = headerValue(request, 'content-type');
    const binary = isBinaryContentType(contentType);
    if (!binary && !isJsonContentType(contentType)) {
      request.resume();
      sendFailure(response, { status: 415, error: { code: 'bad_request', message: `Bridge calls send application/json (or ${BINARY_CONTENT_TYPE} with files).` } });
      return;
    }
    let body: Buffer;
    try {
      body = await readBody(request, maxBodyBytes);
    } catch (error) {
      if (error instanceof BodyTooLarge) {
        response.setHeader('Connection', 'close');
        sendFailure(response, {
          status: 413,
          error: { code: 'too_large', message: `The request is larger than ${Math.round(maxBodyBytes / 1024 / 1024)} MiB.` },
        });
      } else {
        response.destroy();
      }
      return;
    }
    const parsed = binary ? parseBinaryPayload(body, headerValue(request, JSON_BYTES_HEADER)) : parsePayload(body);
    if (!parsed.ok) {
      sendFailure(response, { status: 400, error: { code: 'bad_request', message: parsed.message } });
      return;
    }
    if (!isChannelName(channel)) {
      sendFailure(response, { status: 404, error: { code: 'bad_request', message: `Unknown channel "${channel.slice(0, 100)}".` } });
      return;
    }
    let envelope: Envelope<unknown>;
    try {
      envelope = await options.core.handle(channel, parsed.payload, { caller: 'bridge', window: 'browser' });
    } catch (error) {
      log(`core.handle(${channel}) threw: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      envelope = { ok: false, error: { code: 'internal', message: 'Something went wrong in the app; see the shell log.' } };
    }
    sendJson(response, 200, envelope);
  };

  const handleEvents = (request: IncomingMessage, response: ServerResponse, url: URL): void => {
    if (request.method !== 'GET') {
      sendFailure(response, { status: 405, error: { code: 'bad_request', message: 'The event stream uses GET.' } });
      return;
    }
    const rejected = checkBridgeCaller(request, guard, url.searchParams.get(SECRET_QUERY_PARAM) ?? undefined, {
      originRequired: false,
    });
    if (rejected !== null) {
      sendFailure(response, rejected);
      return;
    }
    hub.attach(response, headerValue(request, 'last-event-id'));
  };

  const handleStatic = async (request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      sendText(response, 405, 'Method not allowed.', { Allow: 'GET, HEAD' });
      return;
    }
    const securityHeaders = { ...rendererSecurityHeaders };
    if (url.pathname === BRIDGE_SCRIPT_PATH) {
      response.writeHead(200, { ...securityHeaders, 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-store' });
      response.end(request.method === 'HEAD' ? undefined : bridgeScript);
      return;
    }
    const file = await resolveRendererFile(options.rendererDir, url.pathname);
    if (file === null) {
      sendText(response, 404, 'Not found.', securityHeaders);
      return;
    }
    let content: Buffer;
    try {
      content = await readFile(file.path);
    } catch {
      sendText(response, 404, 'Not found.', securityHeaders);
      return;
    }
    if (file.isIndex) content = Buffer.from(injectBridgeScript(content.toString('utf8')), 'utf8');
    response.writeHead(200, {
      ...securityHeaders,
      'Content-Type': contentTypeFor(file.path),
      'Content-Length': String(content.length),
      'Cache-Control': file.isIndex ? 'no-store' : 'no-cache',
    });
    response.end(request.method === 'HEAD' ? undefined : content);
  };

  const route = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const hostRejected = checkHost(request, guard);
    if (hostRejected !== null) {
      request.resume();
      sendFailure(response, hostRejected);
      return;
    }
    const url = new URL(request.url ?? '/', guard.origin);
    if (url.pathname.startsWith(INVOKE_PATH_PREFIX)) {
      let channel: string;
      try {
        channel = decodeURIComponent(url.pathname.slice(INVOKE_PATH_PREFIX.length));
      } catch {
        channel = '';
      }
      await handleInvoke(request, response, channel);
    } else if (url.pathname === EVENTS_PATH) {
      handleEvents(request, response, url);
    } else if (url.pathname.startsWith('/bridge/')) {
      sendFailure(response, { status: 404, error: { code: 'not_found', message: 'No such bridge route.' } });
    } else {
      await handleStatic(request, response, url);
    }
  };

  const server: Server = createServer((request, response) => {
    route(request, response).catch((error: unknown) => {
      log(`request ${request.method ?? ''} ${request.url ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`);
      if (!response.headersSent) sendFailure(response, { status: 500, error: { code: 'internal', message: 'Internal error.' } });
      else response.destroy();
    });
  });
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host: '127.0.0.1', port: options.port }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  guard = { host: `127.0.0.1:${port}`, origin, secret: options.secret };

  return {
    origin,
    port,
    launchUrl: `${origin}/#s=${options.secret}`,
    close: async () => {
      unsubscribe();
      hub.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
};

const headerValue = (request: IncomingMessage, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

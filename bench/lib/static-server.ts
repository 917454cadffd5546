import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';

export interface StaticFile {
  body: Buffer | string;
  contentType: string;
}

export interface StaticServer {
  origin: string;
  close(): Promise<void>;
}

/** The renderer's own CSP (renderer/index.html), so a bench page runs under the app's rules. */
const appCsp =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; worker-src 'self' blob:; connect-src 'self'; object-src 'none'; base-uri 'none'";

/**
 * A tiny server on 127.0.0.1 (free port) for a fixed set of paths; anything else is 404. Like the
 * app's shells it sends `Cache-Control: no-cache` with an ETag, so Chromium revalidates and keeps
 * its compiled-code cache for scripts loaded again (pdf.js's worker starts with every document).
 */
export async function startStaticServer(files: ReadonlyMap<string, StaticFile>): Promise<StaticServer> {
  const etags = new Map([...files].map(([route, file]) => [route, `"${createHash('sha1').update(file.body).digest('hex')}"`]));
  const server: Server = createServer((request, response) => {
    const route = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    const file = request.method === 'GET' ? files.get(route) : undefined;
    if (!file) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    const etag = etags.get(route) as string;
    const headers = { 'content-type': file.contentType, 'content-security-policy': appCsp, 'cache-control': 'no-cache', etag };
    if (request.headers['if-none-match'] === etag) response.writeHead(304, headers).end();
    else response.writeHead(200, headers).end(file.body);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

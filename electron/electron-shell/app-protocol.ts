import { readFile } from 'node:fs/promises';
import { protocol, type Session } from 'electron';
import { CONTENT_SECURITY_POLICY, rendererSecurityHeaders } from '../shell-common/csp';
import { contentTypeFor } from '../shell-common/mime';
import { resolveRendererFile } from '../shell-common/renderer-files';

export const APP_SCHEME = 'app';
export const APP_HOST = 'ledgerdesk';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

/** True for URLs of the app's own origin (WHATWG gives custom schemes an opaque origin, so compare parts). */
export const isAppUrl = (url: string): boolean => {
  try {
    const parsed = new URL(url);
    return parsed.protocol === `${APP_SCHEME}:` && parsed.host === APP_HOST;
  } catch {
    return false;
  }
};

/** Must run before `app.ready`: app:// behaves like https (standard, secure, fetch, code cache). */
export const registerAppScheme = (): void => {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } },
  ]);
};

const notFound = (): Response =>
  new Response('Not found.', { status: 404, headers: { ...rendererSecurityHeaders, 'Content-Type': 'text/plain; charset=utf-8' } });

/** Serves the built renderer folder on app://ledgerdesk/ with the strict CSP. */
export const serveRenderer = (rendererDir: string): void => {
  protocol.handle(APP_SCHEME, async (request) => {
    if (!isAppUrl(request.url) || (request.method !== 'GET' && request.method !== 'HEAD')) return notFound();
    const file = await resolveRendererFile(rendererDir, new URL(request.url).pathname);
    if (file === null) return notFound();
    try {
      const body = await readFile(file.path);
      return new Response(request.method === 'HEAD' ? null : body, {
        status: 200,
        headers: { ...rendererSecurityHeaders, 'Content-Type': contentTypeFor(file.path), 'Cache-Control': 'no-cache' },
      });
    } catch {
      return notFound();
    }
  });
};

/** The CSP also as a response-header rewrite, so no app:// response can arrive without it. */
export const enforceCspHeader = (session: Session): void => {
  session.webRequest.onHeadersReceived({ urls: [`${APP_ORIGIN}/*`] }, (details, callback) => {
    const headers = { ...details.responseHeaders };
    for (const name of Object.keys(headers)) if (name.toLowerCase() === 'content-security-policy') delete headers[name];
    headers['Content-Security-Policy'] = [CONTENT_SECURITY_POLICY];
    callback({ responseHeaders: headers });
  });
};

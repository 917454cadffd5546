/**
 * Save as PDF under Electron: the HTML is loaded in a hidden window with JavaScript off, no preload,
 * a sandbox and a session of its own, then printed with `webContents.printToPDF` (the text stays
 * selectable). The page's safety does not depend on its markup: it is never loaded from `file://`
 * nor a `data:` URL, but served by the session's own handler from a one-time address; the session
 * cancels every request that is not that page (frames, images, fonts, `file://`, loopback…) and
 * adds the printed page's Content-Security-Policy as a response header, which no tag can move.
 */
import { randomUUID } from 'node:crypto';
import { BrowserWindow, session, type Session } from 'electron';
import { PRINTED_PAGE_CSP } from '../../shared/viewer/sandboxed-html';
import type { PdfPrinter } from '../core/ports';

export const PDF_PARTITION = 'ledgerdesk-pdf';
/** `.invalid` never resolves (RFC 6761): only the session's handler answers it. */
const PAGE_ORIGIN = 'http://print.ledgerdesk.invalid';

/** Pages being printed, by their one-time address. */
const pages = new Map<string, string>();
const guarded = new WeakSet<Session>();

const pageHeaders = { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': PRINTED_PAGE_CSP, 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer' };

/** The print session's rules, set once: only a page being printed, as the main frame, is loaded. */
export function guardPrintSession(offline: Session): void {
  if (guarded.has(offline)) return;
  guarded.add(offline);
  offline.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  offline.webRequest.onBeforeRequest((details, callback) => callback({ cancel: !(details.resourceType === 'mainFrame' && pages.has(details.url)) }));
  offline.webRequest.onHeadersReceived((details, callback) => {
    if (!pages.has(details.url)) return callback({ cancel: true });
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [PRINTED_PAGE_CSP] } });
  });
  offline.protocol.handle('http', (request) => {
    const html = pages.get(request.url);
    return html === undefined ? Response.error() : new Response(html, { status: 200, headers: pageHeaders });
  });
}

export function createElectronPdfPrinter(): PdfPrinter {
  return {
    engine: 'electron',
    async print(html) {
      const offline = session.fromPartition(PDF_PARTITION, { cache: false });
      guardPrintSession(offline);
      const url = `${PAGE_ORIGIN}/${randomUUID()}.html`;
      pages.set(url, html);
      const window = new BrowserWindow({
        show: false,
        webPreferences: { javascript: false, sandbox: true, contextIsolation: true, nodeIntegration: false, partition: PDF_PARTITION, webSecurity: true, webviewTag: false },
      });
      try {
        window.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
        window.webContents.on('will-navigate', (event) => event.preventDefault());
        await window.loadURL(url);
        // Loaded: the address serves nothing any more (a frame or reload of it is refused).
        pages.delete(url);
        const pdf = await window.webContents.printToPDF({ printBackground: true, pageSize: 'A4', generateDocumentOutline: true });
        return new Uint8Array(pdf);
      } finally {
        pages.delete(url);
        window.destroy();
      }
    },
  };
}

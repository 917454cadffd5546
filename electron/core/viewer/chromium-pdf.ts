/**
 * Save as PDF in the browser shell, which has no Electron: the system's Chromium prints the page
 * headless, driven over the DevTools protocol on a pipe (no port), from a private temporary profile.
 *
 * The page's safety does not depend on its markup: it is never written to disk nor loaded from
 * `file://`. The browser's own request interception (`Fetch`) answers the one navigation to the
 * page's address with the HTML and a Content-Security-Policy *header* (which no tag in the page can
 * move or hide), and fails every other request the page makes (frames, objects, images, fonts,
 * `file://`, loopback, anything). Scripts are off (`Emulation.setScriptExecutionDisabled`, and the
 * policy forbids them); every host is unresolvable and no proxy reachable, should anything slip past.
 * Chromium's PDF keeps the text (selectable and searchable).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { PRINTED_PAGE_CSP } from '../../../shared/viewer/sandboxed-html';
import type { PdfPrinter } from '../ports';
import { cdpOverPipe } from './cdp-pipe';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable', '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome'];

/** The only address the page is served from; `.invalid` never resolves (RFC 6761), so nothing but the interception answers it. */
export const PRINTED_PAGE_URL = 'http://print.ledgerdesk.invalid/document.html';

/** A4 in inches, as `Page.printToPDF` takes it. */
const A4 = { paperWidth: 8.27, paperHeight: 11.69 };

export function findChromium(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const configured = env.CHROMIUM_PATH;
  if (configured && existsSync(configured)) return configured;
  return CANDIDATES.find((candidate) => existsSync(candidate));
}

export function createChromiumPdfPrinter(executable: string, timeoutMs = 60_000): PdfPrinter {
  return {
    engine: 'chromium',
    async print(html) {
      const dir = await mkdtemp(path.join(tmpdir(), 'ledgerdesk-pdf-'));
      try {
        return await printInChromium(executable, dir, html, timeoutMs);
      } finally {
        await rm(dir, { recursive: true, force: true, maxRetries: 3 });
      }
    },
  };
}

async function printInChromium(executable: string, dir: string, html: string, timeoutMs: number): Promise<Uint8Array> {
  const args = [
    '--headless',
    '--disable-gpu',
    '--no-first-run',
    '--no-default-browser-check',
    '--disable-extensions',
    '--disable-background-networking',
    '--disable-sync',
    '--host-resolver-rules=MAP * ~NOTFOUND',
    '--proxy-server=127.0.0.1:9',
    '--proxy-bypass-list=<-loopback>',
    `--user-data-dir=${path.join(dir, 'profile')}`,
    '--remote-debugging-pipe',
    ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
    'about:blank',
  ];
  const browser = spawn(executable, args, { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] });
  const cdp = cdpOverPipe(browser.stdio[3] as Writable, browser.stdio[4] as Readable);
  const ended = new Promise<never>((_, reject) => {
    browser.once('error', (error) => reject(new Error(`Chromium could not be started: ${error.message}`)));
    browser.once('exit', (code) => reject(new Error(`Chromium ended before the PDF was written (exit code ${code}).`)));
  });
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Chromium did not print the page within ${Math.round(timeoutMs / 1000)} s.`)), timeoutMs);
  });
  try {
    return await Promise.race([printPage(cdp, html), ended, timedOut]);
  } finally {
    clearTimeout(timer);
    cdp.close(new Error('Chromium was closed.'));
    ended.catch(() => undefined);
    if (browser.exitCode === null) {
      const exited = new Promise((resolve) => browser.once('exit', resolve));
      browser.kill('SIGKILL');
      await exited;
    }
  }
}

async function printPage(cdp: ReturnType<typeof cdpOverPipe>, html: string): Promise<Uint8Array> {
  const { targetId } = await cdp.send<{ targetId: string }>('Target.createTarget', { url: 'about:blank' });
  const { sessionId } = await cdp.send<{ sessionId: string }>('Target.attachToTarget', { targetId, flatten: true });
  let served = false;
  cdp.on('Fetch.requestPaused', (params, from) => {
    if (from !== sessionId) return;
    const requestId = params.requestId as string;
    const request = params.request as { url: string };
    // The page itself, once, as the main document; everything else fails before it leaves the browser.
    if (!served && request.url === PRINTED_PAGE_URL && params.resourceType === 'Document') {
      served = true;
      void cdp
        .send(
          'Fetch.fulfillRequest',
          {
            requestId,
            responseCode: 200,
            responseHeaders: [
              { name: 'Content-Type', value: 'text/html; charset=utf-8' },
              { name: 'Content-Security-Policy', value: PRINTED_PAGE_CSP },
              { name: 'X-Content-Type-Options', value: 'nosniff' },
              { name: 'Referrer-Policy', value: 'no-referrer' },
            ],
            body: Buffer.from(html, 'utf8').toString('base64'),
          },
          sessionId,
        )
        .catch(() => undefined);
      return;
    }
    void cdp.send('Fetch.failRequest', { requestId, errorReason: 'BlockedByClient' }, sessionId).catch(() => undefined);
  });
  const loaded = new Promise<void>((resolve) => cdp.on('Page.loadEventFired', (_, from) => from === sessionId && resolve()));
  await cdp.send('Fetch.enable', { patterns: [{ urlPattern: '*', requestStage: 'Request' }] }, sessionId);
  await cdp.send('Emulation.setScriptExecutionDisabled', { value: true }, sessionId);
  await cdp.send('Page.enable', {}, sessionId);
  const navigation = await cdp.send<{ errorText?: string }>('Page.navigate', { url: PRINTED_PAGE_URL }, sessionId);
  if (navigation.errorText) throw new Error(`Chromium could not load the page to print (${navigation.errorText}).`);
  await loaded;
  const { data } = await cdp.send<{ data: string }>('Page.printToPDF', { printBackground: true, displayHeaderFooter: false, ...A4 }, sessionId);
  void cdp.send('Browser.close').catch(() => undefined);
  return new Uint8Array(Buffer.from(data, 'base64'));
}

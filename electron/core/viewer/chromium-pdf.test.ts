/**
 * Save as PDF in the browser shell must not read local files (issue 24, point 1): a page that puts
 * an `<iframe src=file:///…>` before a `<head>` that comes late, or before one inside a comment, so
 * that a policy inserted after "the first <head>" never applies, prints without the file's text.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, describe, expect, it } from 'vitest';
import { createChromiumPdfPrinter, findChromium } from './chromium-pdf';
import { createViewerService } from './service';

const chromium = findChromium();
if (!chromium) throw new Error('Chromium is needed (apt-get install -y chromium or CHROMIUM_PATH).');
const viewer = createViewerService({ printer: createChromiumPdfPrinter(chromium) });

const dir = mkdtempSync(join(tmpdir(), 'ledgerdesk-pdf-attack-'));
const SECRET = 'FAKE-PRIVATE-KEY-MIIEvQIBADANBgkqhkiG9w0';
const secretFile = join(dir, 'id_rsa');
writeFileSync(secretFile, `-----BEGIN PRIVATE KEY-----\n${SECRET}\n-----END PRIVATE KEY-----\n`);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const textOf = async (base64: string): Promise<string> => {
  const document = await getDocument({ data: new Uint8Array(Buffer.from(base64, 'base64')) }).promise;
  const texts: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const page = await document.getPage(number);
    texts.push((await page.getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  return texts.join('\n');
};

const frames = `<iframe src="file://${secretFile}" width="800" height="200"></iframe><object data="file://${secretFile}" type="text/plain" width="800" height="200"></object><embed src="file://${secretFile}" type="text/plain" width="800" height="200">`;

describe('Save as PDF with headless Chromium reads no local file', () => {
  it.each([
    ['a <head> that comes late', `<p>VISIBLE-INVOICE-TEXT</p>${frames}<head><title>x</title></head>`],
    ['a <head> inside a comment', `<!-- <head> --><p>VISIBLE-INVOICE-TEXT</p>${frames}`],
    ['a <head> inside a comment, then a late one', `<html><!-- <head> --><body><p>VISIBLE-INVOICE-TEXT</p>${frames}<head></head></body></html>`],
    ['a frame pointing at the file as a directory listing', `<!-- <head> --><p>VISIBLE-INVOICE-TEXT</p><iframe src="file://${dir}/" width="800" height="400"></iframe>`],
  ])('%s', async (_, html) => {
    const pdf = await viewer.pdf(html, 'attack');
    const text = await textOf(pdf.base64);
    expect(text).toContain('VISIBLE-INVOICE-TEXT');
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain('id_rsa');
  }, 60_000);
});

describe('Save as PDF with headless Chromium sends no request but for the page itself', () => {
  let server: Server;
  const received: string[] = [];
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('a page naming a loopback server in frames, images, styles, fonts, forms and refreshes reaches it not once', async () => {
    server = createServer((request, response) => {
      received.push(request.url ?? '');
      response.end('LOOPBACK-ANSWER');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const html = `<!-- <head> --><p>VISIBLE-INVOICE-TEXT</p>
      <iframe src="${origin}/frame"></iframe><img src="${origin}/image"><object data="${origin}/object"></object>
      <div style="background:url(${origin}/background)">x</div><style>@import url(${origin}/import); @font-face{font-family:f;src:url(${origin}/font)} p{font-family:f}</style>
      <video src="${origin}/video"></video><meta http-equiv="refresh" content="0;url=${origin}/refresh"><head><link rel="stylesheet" href="${origin}/link"></head>`;
    const text = await textOf((await viewer.pdf(html, 'attack')).base64);
    expect(text).toContain('VISIBLE-INVOICE-TEXT');
    expect(text).not.toContain('LOOPBACK-ANSWER');
    expect(received).toEqual([]);
  }, 60_000);
});

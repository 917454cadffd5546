import { afterAll, describe, expect, it } from 'vitest';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { fixtureBytes } from '../../../emulator/documents/test-support/fixtures';
import { createChromiumPdfPrinter, findChromium } from './chromium-pdf';
import { createViewerService } from './service';
import { createXsltStylesheetEngine, findStandardsRoot } from './xslt-engine';

const root = findStandardsRoot();
if (!root) throw new Error('standards/sef is missing: vitest global setup compiles it (npm run standards).');
const engine = createXsltStylesheetEngine(root);
afterAll(() => engine.close());
const viewer = createViewerService({ engine });
const open = (path: string, destinationId?: string) => viewer.open(path.split('/').pop() as string, fixtureBytes(path).toString('base64'), destinationId);

describe('official stylesheets, in the core, sandboxed', () => {
  it('renders an ordinary FatturaPA with the AdE stylesheet and wraps it in a CSP that forbids scripts and network', async () => {
    const file = await open('ph-fatturapa/IT01234567890_FPR01.xml');
    expect(file.documents[0]?.stylesheets).toEqual(['fatturapa-ade']);
    const rendered = await viewer.render(file.id, 0, 'fatturapa-ade');
    expect(rendered.html).toContain("default-src 'none'");
    expect(rendered.html).toContain('SOCIETA');
    expect(rendered.html).not.toMatch(/<script/i);
  });

  it('renders an ordinary FatturaPA with AdE\u2019s 1.2.3 sheet: a TD29 and an RF20 get their meaning, not "code not foreseen"', async () => {
    const xml = fixtureBytes('ph-fatturapa/IT01234567890_FPR01.xml').toString('utf8').replace('<TipoDocumento>TD01<', '<TipoDocumento>TD29<').replace('<RegimeFiscale>RF19<', '<RegimeFiscale>RF20<');
    const file = await viewer.open('IT01234567890_TD29.xml', Buffer.from(xml).toString('base64'));
    const { html } = await viewer.render(file.id, 0, 'fatturapa-ade');
    expect(html).toContain('Comunicazione per omessa o irregolare fatturazione');
    expect(html).toContain('Regime transfrontaliero di Franchigia IVA');
    expect(html).not.toContain('codice non previsto');
  });

  it('renders a PA FatturaPA with the PA sheet 1.2.2 and the PA sheet 1.2.3, which names RF20 where 1.2.2 does not', async () => {
    const file = await open('ph-fatturapa/IT01234567890_FPA01.xml');
    expect((await viewer.render(file.id, 0, 'fatturapa-ade')).html).toContain('AMMINISTRAZIONE BETA');
    expect((await viewer.render(file.id, 0, 'fatturapa-ade-1.2.3')).html).toContain('AMMINISTRAZIONE BETA');
    const xml = fixtureBytes('ph-fatturapa/IT01234567890_FPA01.xml').toString('utf8').replace(/<RegimeFiscale>RF\d\d</, '<RegimeFiscale>RF20<');
    const rf20 = await viewer.open('IT01234567890_PA_RF20.xml', Buffer.from(xml).toString('base64'));
    const latest = (await viewer.render(rf20.id, 0, 'fatturapa-ade-1.2.3')).html;
    expect(latest).toContain('Regime transfrontaliero di Franchigia IVA');
    expect(latest).not.toContain('codice non previsto');
    expect((await viewer.render(rf20.id, 0, 'fatturapa-ade')).html).toContain('codice non previsto');
  });

  it('renders KSeF FA(2) with the Ministry stylesheet, the country list read offline', async () => {
    const file = await open('ksef-fop/fa2/podstawowa/FA_2_Przyklad_4.xml');
    expect(file.documents[0]?.stylesheets).toEqual(['ksef-fa2']);
    const { html } = await viewer.render(file.id, 0, 'ksef-fa2');
    expect(html).toContain('15/2024');
    expect(html).toMatch(/polska/i);
  });

  it('does not offer AssoSoftware (SaxonJS refuses it, XTSE0090) and refuses a stylesheet that does not apply', async () => {
    const file = await open('ph-fatturapa/IT01234567890_FPR01.xml');
    expect(file.documents[0]?.unavailableStylesheets).toEqual([{ id: 'fatturapa-asso', reason: 'not-compiled' }]);
    await expect(viewer.render(file.id, 0, 'fatturapa-asso')).rejects.toThrow(/does not apply/);
    await expect(viewer.render(file.id, 0, 'ksef-fa2')).rejects.toThrow(/does not apply/);
  });

  it('never reads a DTD: a FatturaPA with a DOCTYPE gets no stylesheet render', async () => {
    const xml = fixtureBytes('ph-fatturapa/IT01234567890_FPR01.xml').toString('utf8').replace('?>', '?><!DOCTYPE x SYSTEM "http://example.invalid/x.dtd">');
    await expect(engine.render(xml, 'fatturapa-ade', 'FPR12')).rejects.toThrow(/DTD/);
  });

  it('stops a render that takes too long and stays usable', async () => {
    const quick = createXsltStylesheetEngine(root, { timeoutMs: 1 });
    try {
      await expect(quick.render(fixtureBytes('ph-fatturapa/IT01234567890_FPR01.xml').toString('utf8'), 'fatturapa-ade', 'FPR12')).rejects.toThrow(/longer than/);
    } finally {
      await quick.close();
    }
  });

  it('a file no longer open says so', async () => {
    await expect(viewer.render('gone', 0, 'fatturapa-ade')).rejects.toThrow(/no longer open/);
  });
});

describe('Save as PDF', () => {
  it('says plainly when the host has no PDF printer', async () => {
    await expect(createViewerService().pdf('<p>x</p>', 'A')).rejects.toThrow(/Save as PDF/);
  });

  it('writes a text PDF named after the document number with headless Chromium, scripts and network refused', async () => {
    const chromium = findChromium();
    if (!chromium) throw new Error('Chromium is needed (apt-get install -y chromium or CHROMIUM_PATH).');
    const printing = createViewerService({ engine, printer: createChromiumPdfPrinter(chromium) });
    const file = await open('ph-fatturapa/IT01234567890_FPR01.xml');
    const { html } = await viewer.render(file.id, 0, 'fatturapa-ade');
    const pdf = await printing.pdf(`${html}<script>document.body.append('SCRIPT RAN')</script>`, 'FV/2026/001');
    expect(pdf.fileName).toBe('FV_2026_001.pdf');
    const document = await getDocument({ data: new Uint8Array(Buffer.from(pdf.base64, 'base64')) }).promise;
    const page = await document.getPage(1);
    const text = (await page.getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(' ');
    expect(text).toContain('SOCIETA');
    expect(text).not.toContain('SCRIPT RAN');
  }, 60_000);
});

/**
 * KSeF's acceptance pre-checks (shared/ksef/prechecks.ts), each on a published invoice changed in the one
 * way the check is about, and through the engine: a plain Peppol invoice stays a Peppol invoice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkForKsef, isNipChecksumValid, MAX_BYTES_WITHOUT_ATTACHMENTS, type KsefCheckOptions } from '../../shared/ksef';
import { fixtureBytes } from '../test-support/fixtures';
import { substituteTemplate } from '../test-support/template-values';
import { createStandardsEngine, KSEF_DESTINATION, type StandardsEngine } from './index';

const FA3 = 'ksef-pdf-generator/invoice.xml';
const FA2 = 'ksef-fop/fa2/podstawowa/FA_2_Przyklad_4.xml';
const today: KsefCheckOptions = { today: '2026-11-28' };
const text = (path: string): string => Buffer.from(fixtureBytes(path)).toString('utf8');
const bytes = (value: string): Uint8Array => Buffer.from(value, 'utf8');
const codes = (value: Uint8Array, options: KsefCheckOptions = today) => checkForKsef(value, options).findings.map((finding) => [finding.code, finding.refuses]);

describe('KSeF pre-checks', () => {
  it('finds nothing in a published FA (3) invoice', () => {
    expect(codes(fixtureBytes(FA3))).toEqual([]);
    expect(checkForKsef(fixtureBytes(FA3), today).facts).toMatchObject({ format: 'FA (3)', hasAttachments: false });
  });

  it('refuses a UTF-8 byte order mark', () => {
    expect(codes(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), fixtureBytes(FA3)]))).toEqual([['bom', true]]);
  });

  it('refuses a processing instruction, but not the XML declaration or one inside a comment', () => {
    const withPi = text(FA3).replace('<Faktura', '<?xml-stylesheet href="styl.xsl"?>\n<Faktura');
    const found = checkForKsef(bytes(withPi), today).findings;
    expect(found.map((finding) => [finding.code, finding.params.target, finding.line])).toEqual([['processingInstruction', 'xml-stylesheet', 2]]);
    expect(codes(bytes(text(FA3).replace('<Faktura', '<!-- <?pi in a comment?> -->\n<Faktura')))).toEqual([]);
  });

  it('refuses an encoding other than UTF-8 named in the prolog, and bytes that are not UTF-8', () => {
    const latin = text(FA3).replace(/encoding="UTF-8"/i, 'encoding="ISO-8859-2"');
    expect(codes(Buffer.from(latin, 'latin1'))).toEqual([['notUtf8', true], ['encoding', true]]);
  });

  it('refuses a character XML 1.0 discourages', () => {
    const found = checkForKsef(bytes(text(FA3).replace('</P_2>', '\u0085</P_2>').replace('\u0085', '\u0086')), today).findings;
    expect(found.map((finding) => [finding.code, finding.params.character])).toEqual([['discouragedCharacter', 'U+0086']]);
  });

  it('refuses a file over 1 000 000 bytes without attachments, with the size and the limit', () => {
    const padded = text(FA3).replace('</Faktura>', `<!--${'x'.repeat(MAX_BYTES_WITHOUT_ATTACHMENTS)}--></Faktura>`);
    const found = checkForKsef(bytes(padded), today).findings;
    expect(found.map((finding) => [finding.code, finding.params.limit])).toEqual([['tooLarge', 1_000_000]]);
  });

  it('allows up to 3 000 000 bytes with attachments, and warns that attachments need a batch session', () => {
    const withAttachment = (padding: number) => bytes(text(FA3).replace('</Faktura>', `<Zalacznik><!--${'x'.repeat(padding)}--></Zalacznik></Faktura>`));
    expect(codes(withAttachment(1_500_000))).toEqual([['attachments', false]]);
    const found = checkForKsef(withAttachment(3_000_000), today).findings;
    expect(found.map((finding) => [finding.code, finding.params.limit ?? null])).toEqual([['tooLargeWithAttachments', 3_000_000], ['attachments', null]]);
  });

  it('refuses an issue date after today in Poland', () => {
    const issued = /<P_1>([^<]+)<\/P_1>/.exec(text(FA3))![1]!;
    const found = checkForKsef(fixtureBytes(FA3), { today: '2020-01-01' }).findings;
    expect(found.map((finding) => [finding.code, finding.params.issueDay])).toEqual([['issueDateFuture', issued]]);
  });

  it('checks the NIP checksum of the parties: a warning, a refusal for production', () => {
    expect(isNipChecksumValid('1111111111')).toBe(true);
    expect(isNipChecksumValid('1234567890')).toBe(false);
    const seller = /<Podmiot1>[\s\S]*?<NIP>(\d+)<\/NIP>/.exec(text(FA3))![1]!;
    const wrong = `${seller.slice(0, 9)}${(Number(seller[9]) + 1) % 10}`;
    const changed = bytes(text(FA3).replace(`<NIP>${seller}</NIP>`, `<NIP>${wrong}</NIP>`));
    expect(codes(changed)).toEqual([['nipChecksum', false]]);
    expect(codes(changed, { ...today, environment: 'production' })).toEqual([['nipChecksum', true]]);
  });

  it('FA (2): refused for production with the date, a warning otherwise', () => {
    const production = checkForKsef(fixtureBytes(FA2), { ...today, environment: 'production' }).findings;
    expect(production.map((finding) => [finding.code, finding.refuses, finding.params.sinceDay])).toEqual([['fa2Refused', true, '2026-02-01']]);
    expect(codes(fixtureBytes(FA2), { ...today, environment: 'sandbox' })).toEqual([['fa2TestOnly', false]]);
  });
});

describe('the engine: FA_RR (1), PEF (3) and the pre-checks in its results', () => {
  let engine: StandardsEngine;
  beforeAll(() => {
    engine = createStandardsEngine({ timeoutMs: 120_000 });
  });
  afterAll(() => engine.close());

  it('validates FA_RR (1) against its own schema', async () => {
    const result = await engine.validate(substituteTemplate(fixtureBytes('ksef-client-csharp/invoice-template-fa-rr-1.xml')));
    expect(result).toMatchObject({ kind: 'ksef', valid: true, ruleSet: { code: 'ksef-fa-rr1', version: 'FA_RR (1) 1-1E' } });
  }, 120_000);

  it('a UBL credit note with the Polish CustomizationID is KSeF PEF_KOR (3); a plain Peppol invoice stays Peppol', async () => {
    const correction = await engine.validate(substituteTemplate(fixtureBytes('ksef-client-csharp/invoice-template-fa-3-pef-correction.xml')));
    expect(correction).toMatchObject({ kind: 'ksef', valid: true, ruleSet: { code: 'ksef-pef-kor3' } });
    const peppol = await engine.validate(fixtureBytes('peppol-bis-invoice-3/base-example.xml'));
    expect(peppol).toMatchObject({ kind: 'invoice', valid: true, ruleSet: { code: 'peppol-bis-billing-3.0-invoice' } });
    const toKsef = await engine.validate(substituteTemplate(fixtureBytes('ksef-client-csharp/invoice-template-fa-3-pef.xml')), { ruleSet: KSEF_DESTINATION });
    expect(toKsef).toMatchObject({ kind: 'ksef', valid: true, ruleSet: { code: 'ksef-pef3' } });
  }, 120_000);

  it('a KSeF file with a BOM is refused by the pre-check, labelled as ours, with its reason key', async () => {
    const result = await engine.validate(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), fixtureBytes(FA3)]));
    expect(result.valid).toBe(false);
    expect(result.fatal).toEqual([expect.objectContaining({ ruleId: 'KSeF-bom', reason: { key: 'ksef.bom', params: {} }, artefact: expect.objectContaining({ name: expect.stringContaining('not an official artefact') }) })]);
  }, 120_000);
});

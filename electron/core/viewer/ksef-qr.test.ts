/**
 * KOD I on a KSeF invoice's view: the URL per QR-FACTS.md (host per environment, seller NIP, P_1 as
 * DD-MM-YYYY, Base64URL SHA-256 of the exact bytes), the label, and the drawn code read back by a QR
 * decoder (jsQR) from its pixels.
 */
import { createHash } from 'node:crypto';
import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { fixtureBytes } from '../../../standards/test-support/fixtures';
import { openFile } from './open';

/** The drawn SVG (one unit square per dark module) rasterised at `scale` pixels a module, RGBA. */
function pixelsOf(dataUrl: string, scale = 4): { data: Uint8ClampedArray; width: number; height: number } {
  const svg = Buffer.from(dataUrl.replace(/^data:image\/svg\+xml;base64,/, ''), 'base64').toString('utf8');
  const size = Number(/viewBox="0 0 (\d+) \1"/.exec(svg)?.[1]);
  const width = size * scale;
  const data = new Uint8ClampedArray(width * width * 4).fill(255);
  for (const [, x, y] of svg.matchAll(/M(\d+) (\d+)h1v1h-1z/g)) {
    for (let dy = 0; dy < scale; dy += 1) {
      for (let dx = 0; dx < scale; dx += 1) {
        const at = ((Number(y) * scale + dy) * width + Number(x) * scale + dx) * 4;
        data[at] = data[at + 1] = data[at + 2] = 0;
      }
    }
  }
  return { data, width, height: width };
}

const FA3 = 'ksef-pdf-generator/invoice.xml';

describe('KSeF verification code (KOD I)', () => {
  it('builds the URL from the seller NIP, P_1 as DD-MM-YYYY and the file’s hash, and draws a code that decodes to it', () => {
    const bytes = fixtureBytes(FA3);
    const text = Buffer.from(bytes).toString('utf8');
    const nip = /<Podmiot1>[\s\S]*?<NIP>(\d+)<\/NIP>/.exec(text)![1]!;
    const [year, month, day] = /<P_1>([^<]+)<\/P_1>/.exec(text)![1]!.split('-');
    const hash = createHash('sha256').update(bytes).digest('base64url');
    const document = openFile('invoice.xml', bytes).documents[0]!;
    expect(document.verification?.url).toBe(`https://qr-test.ksef.mf.gov.pl/invoice/${nip}/${day}-${month}-${year}/${hash}`);
    expect(hash).toHaveLength(43);
    expect(document.verification?.label).toBe('OFFLINE');
    expect(document.verification?.image).toMatch(/^data:image\/svg\+xml;base64,/);
    const { data, width, height } = pixelsOf(document.verification!.image);
    expect(jsQR(data, width, height)?.data).toBe(document.verification?.url);
  });

  it('points to the production host for a production profile and shows the KSeF number when known', () => {
    const number = '5265877635-20250826-0100001AF629-AF';
    const document = openFile('invoice.xml', fixtureBytes(FA3), number, 'production').documents[0]!;
    expect(document.verification?.url).toMatch(/^https:\/\/qr\.ksef\.mf\.gov\.pl\/invoice\//);
    expect(document.verification?.label).toBe(number);
  });

  it('hashes the exact bytes: one changed byte (a space) gives another URL', () => {
    const bytes = fixtureBytes(FA3);
    const changed = Buffer.concat([bytes, Buffer.from(' ')]);
    expect(openFile('a.xml', changed).documents[0]?.verification?.url).not.toBe(openFile('a.xml', bytes).documents[0]?.verification?.url);
  });
});

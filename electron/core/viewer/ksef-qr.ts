/**
 * KSeF's verification code KOD I (standards/artefacts/ksef/QR-FACTS.md, from CIRFMF/ksef-docs @
 * d92d285b `kody-qr.md`): `<QR host>/invoice/<seller NIP>/<P_1 as DD-MM-YYYY>/<Base64URL SHA-256 of
 * the file's exact bytes>`, with the KSeF number under it when known, else `OFFLINE`. The code is
 * encoded by the `qrcode` library (ISO/IEC 18004) and drawn here as an inline SVG data: URL, so the
 * sandboxed view and its PDF need no script and no network.
 */
import { createHash } from 'node:crypto';
import QRCode from 'qrcode';
import type { Environment, KsefVerificationCode } from '../../../shared/contract';
import { findElement, textAt } from './layout-builder';
import type { XmlElement } from '../../../shared/ubl';

/** The QR hosts: the app's sandbox stands for KSeF's TEST system, production for PRD. */
export const KSEF_QR_HOSTS: Record<Environment, string> = {
  sandbox: 'https://qr-test.ksef.mf.gov.pl',
  production: 'https://qr.ksef.mf.gov.pl',
};

const KSEF_NUMBER = /^\d{10}-\d{8}-[0-9A-F]{12}-[0-9A-F]{2}$/;

export function verificationUrl(bytes: Uint8Array, sellerNip: string, issueDay: string, environment: Environment): string {
  const [year, month, day] = issueDay.split('-');
  const hash = createHash('sha256').update(bytes).digest('base64url');
  return `${KSEF_QR_HOSTS[environment]}/invoice/${sellerNip}/${day}-${month}-${year}/${hash}`;
}

/** The modules of the code as an SVG: one unit square per dark module, a quiet zone of 4. */
export function qrSvg(text: string): string {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 4;
  const size = modules.size + quiet * 2;
  let path = '';
  for (let row = 0; row < modules.size; row += 1) {
    for (let column = 0; column < modules.size; column += 1) {
      if (modules.get(row, column)) path += `M${column + quiet} ${row + quiet}h1v1h-1z`;
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" shape-rendering="crispEdges"><rect width="${size}" height="${size}" fill="#fff"/><path fill="#000" d="${path}"/></svg>`;
}

/** KOD I of an FA document, or undefined when it names no seller NIP or issue date (nothing to verify). */
export function ksefVerificationCode(root: XmlElement, bytes: Uint8Array, environment: Environment, destinationId?: string): KsefVerificationCode | undefined {
  const sellerNip = textAt(findElement(root, 'Podmiot1/DaneIdentyfikacyjne'), 'NIP');
  const issueDay = textAt(findElement(root, 'Fa'), 'P_1') ?? textAt(findElement(root, 'FakturaRR'), 'P_4B');
  if (!sellerNip || !issueDay || !/^\d{4}-\d{2}-\d{2}$/.test(issueDay)) return undefined;
  const url = verificationUrl(bytes, sellerNip, issueDay, environment);
  const label = destinationId && KSEF_NUMBER.test(destinationId) ? destinationId : 'OFFLINE';
  return { url, label, image: `data:image/svg+xml;base64,${Buffer.from(qrSvg(url)).toString('base64')}` };
}

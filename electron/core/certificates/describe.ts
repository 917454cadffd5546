/** What the app shows and checks about a certificate: names, dates, fingerprint, trust. */
import { X509Certificate } from 'node:crypto';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The app warns this many days before a certificate expires. */
export const EXPIRY_WARNING_DAYS = 30;

export interface CertificateFacts {
  subject: string;
  issuer: string;
  serialNumber: string;
  validFrom: string;
  validTo: string;
  fingerprint256: string;
  /** The subject's CN (for a cash register certificate: the PEM serial number). */
  commonName: string | null;
}

/** "CN=E001-000001\nO=Bottega" → "CN=E001-000001, O=Bottega" */
const oneLine = (name: string): string =>
  name
    .split('\n')
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ');

function commonNameOf(name: string): string | null {
  const line = name.split('\n').find((part) => part.startsWith('CN='));
  return line ? line.slice(3).trim() || null : null;
}

export function certificateFacts(certificate: X509Certificate): CertificateFacts {
  return {
    subject: oneLine(certificate.subject),
    issuer: oneLine(certificate.issuer),
    serialNumber: certificate.serialNumber.toLowerCase(),
    validFrom: new Date(certificate.validFrom).toISOString(),
    validTo: new Date(certificate.validTo).toISOString(),
    fingerprint256: certificate.fingerprint256.replaceAll(':', '').toLowerCase(),
    commonName: commonNameOf(certificate.subject),
  };
}

export interface Validity {
  daysLeft: number;
  expiresSoon: boolean;
  expired: boolean;
  notYetValid: boolean;
}

export function validityAt(facts: Pick<CertificateFacts, 'validFrom' | 'validTo'>, now: number): Validity {
  const to = Date.parse(facts.validTo);
  const from = Date.parse(facts.validFrom);
  const expired = now > to;
  const daysLeft = Math.floor((to - now) / DAY_MS);
  return { daysLeft, expired, expiresSoon: !expired && daysLeft <= EXPIRY_WARNING_DAYS, notYetValid: now < from };
}

const issuedBy = (child: X509Certificate, parent: X509Certificate): boolean => {
  try {
    return child.checkIssued(parent) && child.verify(parent.publicKey);
  } catch {
    return false;
  }
};

/**
 * True when `leaf` chains (through the bundled `intermediates` if needed) to one of `caPems`;
 * null when there is no CA to check against.
 */
export function chainsToCa(leaf: X509Certificate, intermediates: readonly X509Certificate[], caPems: readonly string[]): boolean | null {
  const cas = caPems.flatMap((pem) => {
    const blocks = pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
    return blocks.flatMap((block) => {
      try {
        return [new X509Certificate(block)];
      } catch {
        return [];
      }
    });
  });
  if (cas.length === 0) return null;
  let current = leaf;
  for (let depth = 0; depth < 8; depth += 1) {
    if (cas.some((ca) => issuedBy(current, ca))) return true;
    const parent = intermediates.find((candidate) => candidate !== current && issuedBy(current, candidate));
    if (!parent) return false;
    current = parent;
  }
  return false;
}

/** "2026-01-31" for messages. */
export const day = (iso: string): string => iso.slice(0, 10);

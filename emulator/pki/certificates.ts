import { generateKeyPair, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import forge from 'node-forge';

const generateKeyPairAsync = promisify(generateKeyPair);

export interface KeyPairPem {
  privateKeyPem: string;
  publicKeyPem: string;
}

/** Native RSA key generation (node-forge's pure-JS keygen takes seconds per key). */
export async function generateRsaKeyPair(): Promise<KeyPairPem> {
  const { privateKey, publicKey } = await generateKeyPairAsync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { privateKeyPem: privateKey, publicKeyPem: publicKey };
}

/** A positive, random 128-bit serial number (hex), as RFC 5280 asks. */
function randomSerialHex(): string {
  const bytes = randomBytes(16);
  bytes[0] = (bytes[0] ?? 0) & 0x7f | 0x10;
  return bytes.toString('hex');
}

const day = 24 * 60 * 60 * 1000;

function validity(cert: forge.pki.Certificate, days: number): void {
  const now = Date.now();
  // a day in the past tolerates clock skew between the emulator and its clients
  cert.validity.notBefore = new Date(now - day);
  cert.validity.notAfter = new Date(now + days * day);
}

type Attribute = { name?: string; shortName?: string; value: string };

export interface IssuedCertificate {
  certPem: string;
  keys: KeyPairPem;
}

export interface Issuer {
  certPem: string;
  privateKeyPem: string;
}

function sign(cert: forge.pki.Certificate, issuerKeyPem: string): string {
  cert.sign(forge.pki.privateKeyFromPem(issuerKeyPem), forge.md.sha256.create());
  return forge.pki.certificateToPem(cert);
}

export async function createCertificateAuthority(commonName: string): Promise<IssuedCertificate> {
  const keys = await generateRsaKeyPair();
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(keys.publicKeyPem);
  cert.serialNumber = randomSerialHex();
  validity(cert, 3650);
  const subject: Attribute[] = [
    { shortName: 'CN', value: commonName },
    { shortName: 'O', value: 'Ledgerdesk emulator' },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: true, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  return { certPem: sign(cert, keys.privateKeyPem), keys };
}

interface LeafRequest {
  subject: Attribute[];
  days: number;
  purpose: 'server' | 'client';
  /** Server certificates only: host names and IP addresses. */
  altNames?: string[];
}

function isIpAddress(name: string): boolean {
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(name) || name.includes(':');
}

export async function issueCertificate(issuer: Issuer, request: LeafRequest): Promise<IssuedCertificate> {
  const keys = await generateRsaKeyPair();
  const issuerCert = forge.pki.certificateFromPem(issuer.certPem);
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(keys.publicKeyPem);
  cert.serialNumber = randomSerialHex();
  validity(cert, request.days);
  cert.setSubject(request.subject);
  cert.setIssuer(issuerCert.subject.attributes);
  const extensions: object[] = [
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
    { name: 'extKeyUsage', serverAuth: request.purpose === 'server', clientAuth: request.purpose === 'client' },
    { name: 'subjectKeyIdentifier' },
    { name: 'authorityKeyIdentifier', keyIdentifier: issuerCert.generateSubjectKeyIdentifier().getBytes() },
  ];
  if (request.altNames && request.altNames.length > 0) {
    extensions.push({
      name: 'subjectAltName',
      altNames: request.altNames.map((name) => (isIpAddress(name) ? { type: 7, ip: name } : { type: 2, value: name })),
    });
  }
  cert.setExtensions(extensions);
  return { certPem: sign(cert, issuer.privateKeyPem), keys };
}

/** The subject of a cash register's client certificate: CN = the PEM serial number. */
export function cashRegisterSubject(pemSerialNumber: string): Attribute[] {
  return [
    { shortName: 'CN', value: pemSerialNumber },
    { shortName: 'OU', value: 'Cash register' },
    { shortName: 'O', value: 'Ledgerdesk emulator' },
    { shortName: 'C', value: 'IT' },
  ];
}

/** A PKCS#12 bundle (key, certificate, CA chain) that OpenSSL 3 / Node reads without legacy ciphers. */
export function createPkcs12(issued: IssuedCertificate, caCertPem: string, passphrase: string, friendlyName: string): Buffer {
  const asn1 = forge.pkcs12.toPkcs12Asn1(
    forge.pki.privateKeyFromPem(issued.keys.privateKeyPem),
    [forge.pki.certificateFromPem(issued.certPem), forge.pki.certificateFromPem(caCertPem)],
    passphrase,
    { algorithm: '3des', friendlyName },
  );
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
}

/** Readable and typeable: four groups of five characters without look-alikes. */
export function randomPassphrase(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(20);
  const chars = [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
  return chars.match(/.{5}/g)?.join('-') ?? chars;
}

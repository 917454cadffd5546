/** Throwaway CAs, cash register certificates and PKCS#12 files for the certificate tests. */
import crypto from 'node:crypto';
import forge from 'node-forge';
import type { FileRef } from '../../../../shared/contract';

export interface TestKeyPair {
  certPem: string;
  keyPem: string;
}

const DAY = 24 * 60 * 60 * 1000;

function newKeys(): { forgePublic: forge.pki.PublicKey; keyPem: string } {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    forgePublic: forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString()),
    keyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}

function sign(cert: forge.pki.Certificate, issuerKeyPem: string): string {
  cert.sign(forge.pki.privateKeyFromPem(issuerKeyPem), forge.md.sha256.create());
  return forge.pki.certificateToPem(cert);
}

/**
 * A positive serial without a leading zero byte: DER wants the shortest form, and a `0` prefixed
 * to random hex made an illegal leading 0x00 whenever the first random byte was below 0x80.
 */
function serialHex(): string {
  const bytes = crypto.randomBytes(8);
  bytes[0] = ((bytes[0] ?? 0) & 0x7f) | 0x10;
  return bytes.toString('hex');
}

export function makeCa(commonName: string): TestKeyPair {
  const keys = newKeys();
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.forgePublic;
  cert.serialNumber = serialHex();
  cert.validity.notBefore = new Date(Date.now() - DAY);
  cert.validity.notAfter = new Date(Date.now() + 3650 * DAY);
  const subject = [{ shortName: 'CN', value: commonName }];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([{ name: 'basicConstraints', cA: true, critical: true }, { name: 'keyUsage', keyCertSign: true, cRLSign: true }]);
  return { certPem: sign(cert, keys.keyPem), keyPem: keys.keyPem };
}

export interface LeafOptions {
  commonName?: string;
  notBefore?: Date;
  notAfter?: Date;
}

/** A client certificate for a cash register (CN = PEM serial number) signed by `ca`. */
export function issueLeaf(ca: TestKeyPair, options: LeafOptions = {}): TestKeyPair {
  const keys = newKeys();
  const caCert = forge.pki.certificateFromPem(ca.certPem);
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.forgePublic;
  cert.serialNumber = serialHex();
  cert.validity.notBefore = options.notBefore ?? new Date(Date.now() - DAY);
  cert.validity.notAfter = options.notAfter ?? new Date(Date.now() + 365 * DAY);
  cert.setSubject([
    { shortName: 'CN', value: options.commonName ?? 'E001-000001' },
    { shortName: 'O', value: 'Test shop' },
  ]);
  cert.setIssuer(caCert.subject.attributes);
  cert.setExtensions([{ name: 'basicConstraints', cA: false }, { name: 'extKeyUsage', clientAuth: true }]);
  return { certPem: sign(cert, ca.keyPem), keyPem: keys.keyPem };
}

export function toPkcs12(leaf: TestKeyPair, ca: TestKeyPair | null, passphrase: string): Buffer {
  const certificates = [forge.pki.certificateFromPem(leaf.certPem), ...(ca ? [forge.pki.certificateFromPem(ca.certPem)] : [])];
  const asn1 = forge.pkcs12.toPkcs12Asn1(forge.pki.privateKeyFromPem(leaf.keyPem), certificates, passphrase, { algorithm: '3des' });
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
}

/** The key PEM encrypted with a passphrase (PKCS#8, AES-256). */
export function encryptKey(keyPem: string, passphrase: string): string {
  return crypto.createPrivateKey(keyPem).export({ type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase }).toString();
}

export const bytesRef = (content: string | Uint8Array, name: string): FileRef => ({
  kind: 'bytes',
  name,
  base64: Buffer.from(content).toString('base64'),
});

export const daysFromNow = (days: number): Date => new Date(Date.now() + days * DAY);

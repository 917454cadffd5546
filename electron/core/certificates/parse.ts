/**
 * Reading a cash register certificate: a PKCS#12 bundle (node-forge, with its passphrase) or a PEM
 * certificate + private key (Node's crypto; the key may be encrypted). The result is the leaf
 * certificate, any CA certificates that came with it, and the private key as a Node KeyObject.
 * Every failure is a `certificate` AppError that says what is wrong with the file.
 */
import crypto, { X509Certificate, type KeyObject } from 'node:crypto';
import forge from 'node-forge';
import { AppError, because, reason, type ErrorReason } from '../../../shared/contract';

export interface CertificateMaterial {
  leaf: X509Certificate;
  /** Other certificates that came with it (CA chain), leaf excluded. */
  chain: X509Certificate[];
  key: KeyObject;
}

export const WRONG_PASSPHRASE_MESSAGE = 'The passphrase is not right for this certificate file.';

const refuse = (message: string, code: string, why: ErrorReason, cause?: unknown): AppError =>
  new AppError('certificate', message, { details: because(why, { reason: code }), ...(cause !== undefined ? { cause } : {}) });

const derBuffer = (asn1: forge.asn1.Asn1): Buffer => Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');

interface ForgeBag {
  cert?: forge.pki.Certificate | null;
  key?: forge.pki.PrivateKey | null;
  asn1?: forge.asn1.Asn1;
}

function bagsOf(p12: forge.pkcs12.Pkcs12Pfx, type: string): ForgeBag[] {
  return (p12.getBags({ bagType: type })[type] ?? []) as ForgeBag[];
}

function certificateOfBag(bag: ForgeBag): X509Certificate | null {
  const asn1 = bag.cert ? forge.pki.certificateToAsn1(bag.cert) : bag.asn1;
  if (!asn1) return null;
  try {
    return new X509Certificate(derBuffer(asn1));
  } catch {
    return null;
  }
}

function keyOfBag(bag: ForgeBag): KeyObject | null {
  try {
    // forge decodes RSA keys itself; others (EC…) come back as their PrivateKeyInfo ASN.1.
    if (bag.key) return crypto.createPrivateKey(forge.pki.privateKeyToPem(bag.key as forge.pki.rsa.PrivateKey));
    if (bag.asn1) return crypto.createPrivateKey({ key: derBuffer(bag.asn1), format: 'der', type: 'pkcs8' });
  } catch {
    return null;
  }
  return null;
}

/** The certificate whose public key belongs to `key`, and the others. */
function splitLeaf(certificates: X509Certificate[], key: KeyObject): { leaf: X509Certificate; chain: X509Certificate[] } | null {
  const leaf = certificates.find((certificate) => certificate.checkPrivateKey(key));
  if (!leaf) return null;
  return { leaf, chain: certificates.filter((certificate) => certificate !== leaf) };
}

/** A PKCS#12 (.p12 / .pfx) file with its passphrase. */
export function readPkcs12(bytes: Uint8Array, passphrase: string): CertificateMaterial {
  let asn1: forge.asn1.Asn1;
  try {
    asn1 = forge.asn1.fromDer(forge.util.createBuffer(Buffer.from(bytes).toString('binary')));
  } catch (error) {
    throw refuse('This file is not a PKCS#12 certificate file (.p12 / .pfx), or it is damaged.', 'not_pkcs12', reason('certificates.notPkcs12'), error);
  }
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    p12 = forge.pkcs12.pkcs12FromAsn1(asn1, false, passphrase);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/Invalid password|wrong password|MAC could not be verified|Failed to decrypt/i.test(message)) {
      throw refuse(WRONG_PASSPHRASE_MESSAGE, 'wrong_passphrase', reason('certificates.wrongPassphrase'), error);
    }
    if (/unsupported|Only PKCS#12 PFX/i.test(message)) {
      throw refuse(`This PKCS#12 file uses a format the app cannot read (${message}). Export it again with standard settings, or import the certificate and key as PEM files.`, 'unsupported', reason('certificates.unsupported', { said: message }), error);
    }
    throw refuse('This file is not a PKCS#12 certificate file (.p12 / .pfx), or it is damaged.', 'not_pkcs12', reason('certificates.notPkcs12'), error);
  }
  const certificates = bagsOf(p12, forge.pki.oids.certBag ?? '').map(certificateOfBag).filter((c): c is X509Certificate => c !== null);
  const keyBags = [...bagsOf(p12, forge.pki.oids.pkcs8ShroudedKeyBag ?? ''), ...bagsOf(p12, forge.pki.oids.keyBag ?? '')];
  if (keyBags.length === 0) throw refuse('This PKCS#12 file holds no private key: export it again including the private key.', 'no_key', reason('certificates.noKey'));
  if (certificates.length === 0) throw refuse('This PKCS#12 file holds no certificate.', 'no_certificate', reason('certificates.noCertificate'));
  for (const bag of keyBags) {
    const key = keyOfBag(bag);
    if (!key) continue;
    const split = splitLeaf(certificates, key);
    if (split) return { ...split, key };
  }
  throw refuse('The private key in this PKCS#12 file does not belong to any certificate in it.', 'key_mismatch', reason('certificates.keyMismatch'));
}

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/** Every certificate of a PEM text (or a single DER one). */
function readCertificates(bytes: Uint8Array): X509Certificate[] {
  const text = Buffer.from(bytes).toString('latin1');
  const blocks = text.match(PEM_CERTIFICATE);
  if (!blocks) {
    try {
      return [new X509Certificate(Buffer.from(bytes))];
    } catch (error) {
      throw refuse('The certificate file is not a PEM or DER certificate (it should start with -----BEGIN CERTIFICATE-----).', 'not_certificate', reason('certificates.notCertificate'), error);
    }
  }
  return blocks.map((block) => {
    try {
      return new X509Certificate(block);
    } catch (error) {
      throw refuse('The certificate file is damaged: a certificate in it cannot be read.', 'not_certificate', reason('certificates.damagedCertificate'), error);
    }
  });
}

function readKey(bytes: Uint8Array, passphrase: string | undefined): KeyObject {
  const text = Buffer.from(bytes).toString('latin1');
  if (/-----BEGIN CERTIFICATE-----/.test(text) && !/PRIVATE KEY-----/.test(text)) {
    throw refuse('The key file holds a certificate, not a private key: choose the private key file.', 'not_key', reason('certificates.keyIsCertificate'));
  }
  const encrypted = /ENCRYPTED/.test(text);
  if (encrypted && !passphrase) throw refuse('The private key is encrypted: give its passphrase.', 'key_passphrase_required', reason('certificates.keyPassphraseRequired'));
  try {
    const isPem = /-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(text);
    return isPem
      ? crypto.createPrivateKey({ key: text, format: 'pem', ...(passphrase ? { passphrase } : {}) })
      : crypto.createPrivateKey({ key: Buffer.from(bytes), format: 'der', type: 'pkcs8' });
  } catch (error) {
    if (encrypted) throw refuse('The passphrase is not right for this private key.', 'wrong_passphrase', reason('certificates.wrongPassphrase'), error);
    throw refuse('The key file is not a private key in PEM format (it should start with -----BEGIN PRIVATE KEY-----), or it is damaged.', 'not_key', reason('certificates.notKey'), error);
  }
}

/** A PEM (or DER) certificate, possibly followed by its CA chain, and its private key. */
export function readPemPair(certBytes: Uint8Array, keyBytes: Uint8Array, keyPassphrase?: string): CertificateMaterial {
  const certificates = readCertificates(certBytes);
  const key = readKey(keyBytes, keyPassphrase);
  const split = splitLeaf(certificates, key);
  if (!split) {
    throw refuse('The private key does not match the certificate: choose the key that was created with this certificate.', 'key_mismatch', reason('certificates.keyMismatch'));
  }
  return { ...split, key };
}

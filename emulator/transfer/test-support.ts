import forge from 'node-forge';
import { zipSync } from 'fflate';

/** Helpers for the transfer tests: request bodies, files and a client bound to one emulator. */
export const b64 = (text: string | Uint8Array) => Buffer.from(text).toString('base64');

export function uploadBody(fields: Record<string, unknown> = {}): string {
  return JSON.stringify({ country: 'IT', file_name: 'invoice.xml', content: b64('<Invoice><ID>1</ID></Invoice>'), ...fields });
}

export function zipOf(files: Record<string, string | Uint8Array>): Uint8Array {
  return zipSync(Object.fromEntries(Object.entries(files).map(([name, content]) => [name, typeof content === 'string' ? Buffer.from(content) : content])));
}

let signer: { key: forge.pki.rsa.PrivateKey; cert: forge.pki.Certificate } | null = null;

/** A CAdES-like attached signature (PKCS#7 SignedData, DER) around `content`. */
export function signP7m(content: string | Uint8Array, options: { detached?: boolean } = {}): Uint8Array {
  if (!signer) {
    const keys = forge.pki.rsa.generateKeyPair({ bits: 1024, e: 0x10001 });
    const cert = forge.pki.createCertificate();
    cert.publicKey = keys.publicKey;
    cert.serialNumber = '01';
    cert.validity.notBefore = new Date('2026-01-01T00:00:00Z');
    cert.validity.notAfter = new Date('2036-01-01T00:00:00Z');
    const subject = [{ name: 'commonName', value: 'Test Signer' }];
    cert.setSubject(subject);
    cert.setIssuer(subject);
    cert.sign(keys.privateKey, forge.md.sha256.create());
    signer = { key: keys.privateKey, cert };
  }
  const p7 = forge.pkcs7.createSignedData();
  p7.content = forge.util.createBuffer(Buffer.from(content).toString('latin1'));
  p7.addCertificate(signer.cert);
  p7.addSigner({ key: signer.key, certificate: signer.cert, digestAlgorithm: forge.pki.oids.sha256 ?? '2.16.840.1.101.3.4.2.1' });
  p7.sign({ detached: options.detached ?? false });
  return Buffer.from(forge.asn1.toDer(p7.toAsn1()).getBytes(), 'latin1');
}

export interface TransferClient {
  post(body: string | Uint8Array, headers?: Record<string, string>): Promise<Response>;
  get(path: string): Promise<Response>;
  getJson<T>(path: string): Promise<{ status: number; body: T }>;
}

export function transferClient(transferUrl: string, token: string | null): TransferClient {
  const auth: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const get = (path: string) => fetch(`${transferUrl}${path}`, { headers: { accept: 'application/json', ...auth } });
  return {
    post: (body, headers = {}) =>
      fetch(`${transferUrl}/upload`, { method: 'POST', headers: { 'content-type': 'application/json', ...auth, ...headers }, body }),
    get,
    async getJson<T>(path: string) {
      const response = await get(path);
      return { status: response.status, body: (await response.json()) as T };
    },
  };
}

/** Throwaway certificates for TLS tests: a self-signed server certificate for 127.0.0.1 and a client one. */
import crypto from 'node:crypto';
import forge from 'node-forge';

export interface TestCertificate {
  certPem: string;
  keyPem: string;
}

function selfSigned(commonName: string, options: { server: boolean }): TestCertificate {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const keyPem = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
  const forgeKey = forge.pki.privateKeyFromPem(keyPem);
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  cert.serialNumber = crypto.randomBytes(8).toString('hex');
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + 24 * 3600_000);
  const attrs = [{ name: 'commonName', value: commonName }];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.setExtensions([
    { name: 'basicConstraints', cA: true },
    { name: 'keyUsage', keyCertSign: true, digitalSignature: true, keyEncipherment: true },
    { name: 'extKeyUsage', serverAuth: options.server, clientAuth: !options.server },
    ...(options.server ? [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }] : []),
  ]);
  cert.sign(forgeKey, forge.md.sha256.create());
  return { certPem: forge.pki.certificateToPem(cert), keyPem };
}

export const makeServerCertificate = (): TestCertificate => selfSigned('127.0.0.1', { server: true });
export const makeClientCertificate = (): TestCertificate => selfSigned('E001-000001', { server: false });

import { X509Certificate } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { ClientCertificateInfo } from '../context';
import { writeFileAtomic } from '../persistence';
import {
  cashRegisterSubject,
  createCertificateAuthority,
  createPkcs12,
  issueCertificate,
  randomPassphrase,
  type IssuedCertificate,
  type Issuer,
} from './certificates';

export interface PkiMaterial {
  caCertPath: string;
  caCertPem: string;
  serverCertPem: string;
  serverKeyPem: string;
  clientCertificates: ClientCertificateInfo[];
  /** Issues a further cash-register client certificate from the same CA (cash registers created at run time). */
  issueClientCertificate: (pemSerialNumber: string) => Promise<IssuedClientCertificate>;
}

/** A client certificate issued at run time; the caller keeps it (the fiscal state saves it). */
export interface IssuedClientCertificate {
  certPem: string;
  keyPem: string;
  /** Lowercase hex. */
  serialNumber: string;
  /** SHA-256 of the DER certificate, lowercase hex without colons. */
  fingerprint256: string;
}

export interface PkiRequest {
  pemSerialNumbers: readonly string[];
  /** Host names and IP addresses the server certificate must cover. */
  serverNames: readonly string[];
  log: (message: string) => void;
}

const manifestSchema = z.object({
  version: z.literal(1),
  serverNames: z.array(z.string()),
  clients: z.array(z.object({ pemSerialNumber: z.string(), passphrase: z.string().min(1) })),
});
type Manifest = z.infer<typeof manifestSchema>;

const safeFileStem = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

function readManifest(path: string, log: (message: string) => void): Manifest | null {
  if (!existsSync(path)) return null;
  try {
    return manifestSchema.parse(JSON.parse(readFileSync(path, 'utf8')));
  } catch (error) {
    log(`The PKI manifest ${path} is unreadable (${(error as Error).message}); issuing new certificates.`);
    return null;
  }
}

function writeSecret(path: string, content: string | Buffer): void {
  writeFileSync(path, content, { mode: 0o600 });
}

function usableCertificate(certPath: string, keyPath: string): X509Certificate | null {
  if (!existsSync(certPath) || !existsSync(keyPath)) return null;
  try {
    const cert = new X509Certificate(readFileSync(certPath));
    // renew a day before expiry so a running emulator never serves an expired certificate
    return new Date(cert.validTo).getTime() > Date.now() + 86_400_000 ? cert : null;
  } catch {
    return null;
  }
}

function fingerprintHex(cert: X509Certificate): string {
  return cert.fingerprint256.replaceAll(':', '').toLowerCase();
}

function sameNames(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && [...a].sort().every((name, i) => name === [...b].sort()[i]);
}

/**
 * Loads the CA, server and client certificates from `dir`, issuing whatever is missing, expired
 * or no longer matching (new cash registers, other server names). Reused across restarts.
 */
export async function ensurePki(dir: string, request: PkiRequest): Promise<PkiMaterial> {
  for (const serial of request.pemSerialNumbers) {
    if (!safeFileStem.test(serial)) throw new Error(`PEM serial number "${serial}" cannot name a certificate file.`);
  }
  mkdirSync(join(dir, 'clients'), { recursive: true });
  const manifestPath = join(dir, 'manifest.json');
  const manifest = readManifest(manifestPath, request.log);
  const caCertPath = join(dir, 'ca.crt');
  const caKeyPath = join(dir, 'ca.key');

  const caReused = manifest !== null && usableCertificate(caCertPath, caKeyPath) !== null;
  if (!caReused) {
    request.log('Issuing a new local certificate authority.');
    const ca = await createCertificateAuthority('Ledgerdesk Emulator Local CA');
    writeFileSync(caCertPath, ca.certPem);
    writeSecret(caKeyPath, ca.keys.privateKeyPem);
  }
  const issuer: Issuer = { certPem: readFileSync(caCertPath, 'utf8'), privateKeyPem: readFileSync(caKeyPath, 'utf8') };

  const serverCertPath = join(dir, 'server.crt');
  const serverKeyPath = join(dir, 'server.key');
  const serverTask = (async () => {
    if (caReused && manifest && sameNames(manifest.serverNames, request.serverNames) && usableCertificate(serverCertPath, serverKeyPath)) {
      return;
    }
    const server = await issueCertificate(issuer, {
      subject: [{ shortName: 'CN', value: request.serverNames[0] ?? 'localhost' }, { shortName: 'O', value: 'Ledgerdesk emulator' }],
      days: 825,
      purpose: 'server',
      altNames: [...request.serverNames],
    });
    writeFileSync(serverCertPath, server.certPem);
    writeSecret(serverKeyPath, server.keys.privateKeyPem);
  })();

  const clientTasks = request.pemSerialNumbers.map(async (pemSerialNumber) => {
    const certPath = join(dir, 'clients', `${pemSerialNumber}.crt`);
    const keyPath = join(dir, 'clients', `${pemSerialNumber}.key`);
    const p12Path = join(dir, 'clients', `${pemSerialNumber}.p12`);
    const known = caReused ? manifest?.clients.find((c) => c.pemSerialNumber === pemSerialNumber) : undefined;
    if (known && existsSync(p12Path) && usableCertificate(certPath, keyPath)) {
      return { pemSerialNumber, passphrase: known.passphrase, certPath, keyPath, p12Path };
    }
    const issued: IssuedCertificate = await issueCertificate(issuer, {
      subject: cashRegisterSubject(pemSerialNumber),
      days: 730,
      purpose: 'client',
    });
    const passphrase = randomPassphrase();
    writeFileSync(certPath, issued.certPem);
    writeSecret(keyPath, issued.keys.privateKeyPem);
    writeSecret(p12Path, createPkcs12(issued, issuer.certPem, passphrase, `Cash register ${pemSerialNumber}`));
    return { pemSerialNumber, passphrase, certPath, keyPath, p12Path };
  });

  await serverTask;
  const clients = await Promise.all(clientTasks);
  writeFileAtomic(
    manifestPath,
    `${JSON.stringify({ version: 1, serverNames: [...request.serverNames], clients: clients.map(({ pemSerialNumber, passphrase }) => ({ pemSerialNumber, passphrase })) } satisfies Manifest, null, 2)}\n`,
    0o600,
  );

  return {
    caCertPath,
    caCertPem: issuer.certPem,
    issueClientCertificate: async (pemSerialNumber) => {
      const issued = await issueCertificate(issuer, { subject: cashRegisterSubject(pemSerialNumber), days: 730, purpose: 'client' });
      const cert = new X509Certificate(issued.certPem);
      return { certPem: issued.certPem, keyPem: issued.keys.privateKeyPem, serialNumber: cert.serialNumber.toLowerCase(), fingerprint256: fingerprintHex(cert) };
    },
    serverCertPem: readFileSync(serverCertPath, 'utf8'),
    serverKeyPem: readFileSync(serverKeyPath, 'utf8'),
    clientCertificates: clients.map((client) => {
      const cert = new X509Certificate(readFileSync(client.certPath));
      return { ...client, serialNumber: cert.serialNumber.toLowerCase(), fingerprint256: fingerprintHex(cert) };
    }),
  };
}

import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisterArea } from './context';
import { identifyClientCertificate } from './pki';
import { createCertificateAuthority, issueCertificate } from './pki/certificates';
import { seededCashRegisters } from './seed/cash-registers';
import { startEmulator } from './server';
import { startTestEmulator, type TestEmulator } from './testing';

const quiet = { log: () => {} };

/** A route on the mTLS listener that says which cash register the presented certificate is. */
const probeRoute: RegisterArea = (apps) => {
  apps.fiscalMtls.get('/probe', async (req) => ({ pemSerialNumber: identifyClientCertificate(req)?.pemSerialNumber ?? null }));
};

describe('a running emulator', () => {
  let emulator: TestEmulator;
  beforeAll(async () => {
    emulator = await startTestEmulator({}, { extraAreas: [probeRoute] });
  });
  afterAll(() => emulator?.close());

  it('describes itself in the startup line', () => {
    const line = emulator.startupLine;
    expect(Object.keys(line).sort()).toEqual(
      ['accounts', 'authUrl', 'caCertPath', 'clientCertificates', 'documentsUrl', 'fiscalMtlsUrl', 'fiscalUrl', 'transferUrl'].sort(),
    );
    expect(line.accounts.map((a) => a.name)).toEqual(['full', 'no-upload-pl', 'transfer-unconfigured-it', 'read-only']);
    for (const account of line.accounts) {
      expect(account).toEqual({ name: account.name, email: expect.stringContaining('@'), password: expect.any(String), environment: 'sandbox', description: expect.any(String) });
    }
    expect(line.clientCertificates.map((c) => c.pemSerialNumber)).toEqual(seededCashRegisters.map((r) => r.pemSerialNumber));
    for (const certificate of line.clientCertificates) {
      const x509 = new X509Certificate(readFileSync(certificate.certPath));
      expect(x509.subject).toContain(`CN=${certificate.pemSerialNumber}`);
      expect(x509.serialNumber.toLowerCase()).toBe(certificate.serialNumber);
      expect(x509.fingerprint256.replaceAll(':', '').toLowerCase()).toBe(certificate.fingerprint256);
      expect(x509.checkIssued(new X509Certificate(readFileSync(line.caCertPath)))).toBe(true);
      expect(certificate.passphrase.length).toBeGreaterThanOrEqual(16);
    }
    expect(new Set(line.clientCertificates.map((c) => c.passphrase)).size).toBe(line.clientCertificates.length);
  });

  it('answers on all five URLs (areas not implemented answer 404)', async () => {
    const ca = readFileSync(emulator.startupLine.caCertPath);
    const agent = new Agent({ connect: { ca } });
    try {
      for (const url of [emulator.urls.authUrl, emulator.urls.documentsUrl, emulator.urls.transferUrl, emulator.urls.fiscalUrl, emulator.urls.fiscalMtlsUrl]) {
        const response = await request(`${url}/no-such-path`, { dispatcher: agent });
        await response.body.dump();
        expect(response.statusCode).toBe(404);
      }
    } finally {
      await agent.close();
    }
  });

  it('identifies a cash register by its client certificate on the mTLS listener (PKCS#12 or PEM)', async () => {
    const ca = readFileSync(emulator.startupLine.caCertPath);
    const [first, second] = emulator.startupLine.clientCertificates;
    const withP12 = new Agent({ connect: { ca, pfx: readFileSync(first!.p12Path), passphrase: first!.passphrase } });
    const withPem = new Agent({ connect: { ca, cert: readFileSync(second!.certPath), key: readFileSync(second!.keyPath) } });
    try {
      const a = await request(`${emulator.urls.fiscalMtlsUrl}/probe`, { dispatcher: withP12 });
      expect(await a.body.json()).toEqual({ pemSerialNumber: first!.pemSerialNumber });
      const b = await request(`${emulator.urls.fiscalMtlsUrl}/probe`, { dispatcher: withPem });
      expect(await b.body.json()).toEqual({ pemSerialNumber: second!.pemSerialNumber });
    } finally {
      await Promise.all([withP12.close(), withPem.close()]);
    }
  });

  it('lets a request without a certificate, or with one of another CA, reach the handler unidentified', async () => {
    const ca = readFileSync(emulator.startupLine.caCertPath);
    const foreignCa = await createCertificateAuthority('Someone else');
    const foreign = await issueCertificate(
      { certPem: foreignCa.certPem, privateKeyPem: foreignCa.keys.privateKeyPem },
      { subject: [{ shortName: 'CN', value: 'E001-000001' }], days: 30, purpose: 'client' },
    );
    const anonymous = new Agent({ connect: { ca } });
    const impostor = new Agent({ connect: { ca, cert: foreign.certPem, key: foreign.keys.privateKeyPem } });
    try {
      for (const agent of [anonymous, impostor]) {
        const response = await request(`${emulator.urls.fiscalMtlsUrl}/probe`, { dispatcher: agent });
        expect(response.statusCode).toBe(200);
        expect(await response.body.json()).toEqual({ pemSerialNumber: null });
      }
    } finally {
      await Promise.all([anonymous.close(), impostor.close()]);
    }
  });

  it('keeps identifying after another emulator sharing the same certificates closes', async () => {
    const other = await startTestEmulator();
    await other.close();
    const first = emulator.startupLine.clientCertificates[0]!;
    const agent = new Agent({ connect: { ca: readFileSync(emulator.startupLine.caCertPath), pfx: readFileSync(first.p12Path), passphrase: first.passphrase } });
    try {
      const response = await request(`${emulator.urls.fiscalMtlsUrl}/probe`, { dispatcher: agent });
      expect(await response.body.json()).toEqual({ pemSerialNumber: first.pemSerialNumber });
    } finally {
      await agent.close();
    }
  });

  it('gives the areas a context with seeded randomness and the CA', () => {
    const ctx = emulator.context;
    expect(ctx.options).toMatchObject({ port: 0, dataDir: null, environment: 'sandbox' });
    expect(ctx.random.fork('x').next()).toBe(ctx.random.fork('x').next());
    expect(ctx.pki.caCertPem).toBe(readFileSync(ctx.pki.caCertPath, 'utf8'));
    expect(ctx.now()).toBeInstanceOf(Date);
  });
});

describe('with --data-dir', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'emulator-data-test-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('reuses the PKI and the signing key after a restart, so tokens stay valid', async () => {
    const first = await startEmulator({ port: 0, dataDir }, quiet);
    let token: string;
    const firstLine = first.startupLine;
    const caPem = readFileSync(firstLine.caCertPath, 'utf8');
    try {
      const response = await fetch(`${first.urls.authUrl}/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'full@demo.ledgerdesk.test', password: 'full-demo-2026', environment: 'sandbox' }),
      });
      token = ((await response.json()) as { token: string }).token;
      first.context.persistence.save('probe', { kept: true });
    } finally {
      await first.close();
    }

    const second = await startEmulator({ port: 0, dataDir }, quiet);
    try {
      expect(second.startupLine.caCertPath).toBe(firstLine.caCertPath);
      expect(readFileSync(second.startupLine.caCertPath, 'utf8')).toBe(caPem);
      expect(second.startupLine.clientCertificates).toEqual(firstLine.clientCertificates);
      expect(second.context.persistence.load('probe')).toEqual({ kept: true });
      const me = await fetch(`${second.urls.authUrl}/users/me`, { headers: { authorization: `Bearer ${token}` } });
      expect(me.status).toBe(200);
      expect(await me.json()).toMatchObject({ email: 'full@demo.ledgerdesk.test' });
    } finally {
      await second.close();
    }
  });
});

describe('listening', () => {
  let blocker: Server;
  let blockedPort: number;
  beforeAll(async () => {
    blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    blockedPort = (blocker.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => blocker.close(() => resolve())));

  it('says which port is taken and suggests --port 0', async () => {
    await expect(startEmulator({ port: blockedPort }, quiet)).rejects.toThrow(
      `Listening on 127.0.0.1:${blockedPort} for the auth interface is already in use; choose another --port or --port 0.`,
    );
  });
});

describe('global faults', () => {
  it('drop=1 closes every connection without an answer', async () => {
    const emulator = await startTestEmulator({ faults: { upload503: 0, latency: null, drop: 1, documents500: 0, reportFail: 0, extra: {} } });
    try {
      await expect(fetch(`${emulator.urls.documentsUrl}/invoices`)).rejects.toThrow();
    } finally {
      await emulator.close();
    }
  });

  it('latency still answers every request', async () => {
    const emulator = await startTestEmulator({ faults: { upload503: 0, latency: { min: 1, max: 5 }, drop: 0, documents500: 0, reportFail: 0, extra: {} } });
    try {
      expect((await fetch(`${emulator.urls.authUrl}/users/me`)).status).toBe(401);
    } finally {
      await emulator.close();
    }
  });
});

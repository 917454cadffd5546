/** Importing the cash register certificate: what is accepted, what is refused and why, where it is kept. */
import { X509Certificate } from 'node:crypto';
import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from '../../../emulator/testing';
import type { AppErrorShape, CertificateInfo, EventName } from '../../../shared/contract';
import { createCoreEvents } from '../events';
import { createSystemClock } from '../node-ports/clock';
import { MemoryLogger, MemoryNotifier, MemorySecretVault, MemorySettingsStore } from '../testing/memory-ports';
import { createCertificatesService, type CertificatesService, type ImportInput } from './service';
import { CERTIFICATES_SETTINGS_KEY, createCertificateStore, secretKeyFor } from './store';
import { bytesRef, daysFromNow, encryptKey, issueLeaf, makeCa, toPkcs12, type TestKeyPair } from './testing/test-certificates';

let emulator: TestEmulator;
let emulatorCaPem: string;
const otherCa = makeCa('Some other CA');

interface Harness {
  service: CertificatesService;
  settings: MemorySettingsStore;
  secrets: MemorySecretVault;
  notifier: MemoryNotifier;
  emitted: Array<{ event: EventName; payload: unknown }>;
  profile: { id: string; name: string };
  caPems: string[];
}

function harness(caPems: string[]): Harness {
  const settings = new MemorySettingsStore();
  const secrets = new MemorySecretVault();
  const notifier = new MemoryNotifier();
  const logger = new MemoryLogger();
  const events = createCoreEvents(logger);
  const emitted: Harness['emitted'] = [];
  events.on((event, payload) => emitted.push({ event, payload }));
  const h: Harness = { settings, secrets, notifier, emitted, profile: { id: 'local-emulator', name: 'Local emulator' }, caPems, service: undefined as never };
  h.service = createCertificatesService({
    store: createCertificateStore({ settings, secrets, logger }),
    clock: createSystemClock(),
    events,
    notifier,
    logger,
    activeProfile: () => h.profile,
    caPems: () => h.caPems,
  });
  return h;
}

/** The service's input: the handler has resolved the renderer's handles to paths (or passed bytes through). */
const input = (raw: object): ImportInput => ({ allowOtherIssuer: false, ...raw }) as ImportInput;

async function refusal(h: Harness, raw: object): Promise<AppErrorShape> {
  try {
    await h.service.import(input(raw));
  } catch (error) {
    return error as AppErrorShape;
  }
  throw new Error('The import unexpectedly succeeded');
}

const firstCertificate = () => {
  const certificate = emulator.context.pki.clientCertificates[0];
  if (!certificate) throw new Error('The emulator issued no client certificate');
  return certificate;
};

beforeAll(async () => {
  emulator = await startTestEmulator();
  emulatorCaPem = await fs.readFile(emulator.context.pki.caCertPath, 'utf8');
});

afterAll(async () => {
  await emulator?.close();
});

describe('importing a PKCS#12 file', () => {
  it("accepts the emulator's cash register certificate and shows who it is for", async () => {
    const h = harness([emulatorCaPem]);
    const certificate = firstCertificate();
    const p12 = await fs.readFile(certificate.p12Path);
    const info = await h.service.import(input({ kind: 'p12', file: bytesRef(p12, 'cash-register.p12'), passphrase: certificate.passphrase }));
    expect(info).toMatchObject<Partial<CertificateInfo>>({
      profileId: 'local-emulator',
      kind: 'p12',
      pemSerialNumber: certificate.pemSerialNumber,
      fingerprint256: certificate.fingerprint256,
      serialNumber: certificate.serialNumber.toLowerCase(),
      expired: false,
      expiresSoon: false,
      trustedByProfileCa: true,
    });
    expect(info.subject).toContain(`CN=${certificate.pemSerialNumber}`);
    expect(info.daysLeft).toBeGreaterThan(30);
    expect(h.service.get()).toEqual(info);
    expect(h.emitted).toContainEqual({ event: 'certificates.changed', payload: { profileId: 'local-emulator', certificate: info } });
  });

  it('keeps the passphrase and key only in the vault, never in the settings', async () => {
    const h = harness([emulatorCaPem]);
    const certificate = firstCertificate();
    await h.service.import(input({ kind: 'p12', file: { kind: 'path', path: certificate.p12Path }, passphrase: certificate.passphrase }));
    const settingsText = JSON.stringify(h.settings.get(CERTIFICATES_SETTINGS_KEY));
    expect(settingsText).toContain('BEGIN CERTIFICATE');
    expect(settingsText).not.toContain(certificate.passphrase);
    // Field names, not a bare /pfx/i: base64 of the public certificate may contain those letters.
    expect(settingsText).not.toMatch(/PRIVATE KEY|"pfxBase64"|"keyPem"|"passphrase"/);
    expect(h.secrets.values.get(secretKeyFor('local-emulator'))).toContain(certificate.passphrase);
  });

  it('says the passphrase is wrong, not that the file is broken', async () => {
    const h = harness([emulatorCaPem]);
    const p12 = await fs.readFile(firstCertificate().p12Path);
    const error = await refusal(h, { kind: 'p12', file: bytesRef(p12, 'cash-register.p12'), passphrase: 'not-the-passphrase' });
    expect(error).toMatchObject({ code: 'certificate', message: 'The passphrase is not right for this certificate file.' });
    expect(h.service.get()).toBeNull();
  });

  it('says a corrupt file is not a certificate file', async () => {
    const h = harness([emulatorCaPem]);
    const p12 = await fs.readFile(firstCertificate().p12Path);
    const truncated = p12.subarray(0, Math.floor(p12.length / 2));
    for (const bytes of [truncated, Buffer.from('this is a text file, not a certificate')]) {
      const error = await refusal(h, { kind: 'p12', file: bytesRef(bytes, 'broken.p12'), passphrase: firstCertificate().passphrase });
      expect(error.code).toBe('certificate');
      expect(error.message).toMatch(/not a PKCS#12 certificate file.*damaged/);
    }
  });

  it('refuses an expired certificate, giving the date', async () => {
    const ca = makeCa('Expired test CA');
    const h = harness([ca.certPem]);
    const expired = issueLeaf(ca, { notBefore: daysFromNow(-400), notAfter: daysFromNow(-2) });
    const validTo = new Date(new X509Certificate(expired.certPem).validTo).toISOString().slice(0, 10);
    const error = await refusal(h, { kind: 'p12', file: bytesRef(toPkcs12(expired, ca, 'pw'), 'old.p12'), passphrase: 'pw' });
    expect(error).toMatchObject({ code: 'certificate', message: expect.stringContaining(`expired on ${validTo}`) });
  });

  it('refuses a certificate that is not valid yet', async () => {
    const ca = makeCa('Future test CA');
    const h = harness([ca.certPem]);
    const future = issueLeaf(ca, { notBefore: daysFromNow(5), notAfter: daysFromNow(400) });
    const error = await refusal(h, { kind: 'p12', file: bytesRef(toPkcs12(future, ca, 'pw'), 'future.p12'), passphrase: 'pw' });
    expect(error).toMatchObject({ code: 'certificate', message: expect.stringContaining('valid only from') });
  });

  it("refuses a certificate of another CA unless asked, then marks it as not trusted by the profile's CA", async () => {
    const h = harness([emulatorCaPem]);
    const stranger = issueLeaf(otherCa);
    const file = bytesRef(toPkcs12(stranger, otherCa, 'pw'), 'stranger.p12');
    const error = await refusal(h, { kind: 'p12', file, passphrase: 'pw' });
    expect(error).toMatchObject({ code: 'certificate', message: expect.stringContaining('CN=Some other CA') });
    expect(error.message).toMatch(/would refuse it/);
    const info = await h.service.import(input({ kind: 'p12', file, passphrase: 'pw', allowOtherIssuer: true }));
    expect(info.trustedByProfileCa).toBe(false);
  });

  it('cannot judge the issuer when the profile names no CA', async () => {
    const h = harness([]);
    const stranger = issueLeaf(otherCa);
    const info = await h.service.import(input({ kind: 'p12', file: bytesRef(toPkcs12(stranger, null, 'pw'), 'stranger.p12'), passphrase: 'pw' }));
    expect(info.trustedByProfileCa).toBeNull();
  });
});

describe('importing a PEM certificate and key', () => {
  it("accepts the emulator's PEM pair", async () => {
    const h = harness([emulatorCaPem]);
    const certificate = firstCertificate();
    const info = await h.service.import(input({ kind: 'pem', cert: { kind: 'path', path: certificate.certPath }, key: { kind: 'path', path: certificate.keyPath } }));
    expect(info).toMatchObject({ kind: 'pem', pemSerialNumber: certificate.pemSerialNumber, trustedByProfileCa: true });
  });

  it('refuses a key that does not belong to the certificate', async () => {
    const h = harness([emulatorCaPem]);
    const [first, second] = emulator.context.pki.clientCertificates;
    if (!first || !second) throw new Error('The emulator issued fewer than two client certificates');
    const error = await refusal(h, { kind: 'pem', cert: { kind: 'path', path: first.certPath }, key: { kind: 'path', path: second.keyPath } });
    expect(error).toMatchObject({ code: 'certificate', message: expect.stringMatching(/^The private key does not match the certificate/) });
  });

  it('reads an encrypted key with its passphrase and says when the passphrase is missing or wrong', async () => {
    const ca = makeCa('PEM test CA');
    const h = harness([ca.certPem]);
    const leaf: TestKeyPair = issueLeaf(ca, { commonName: 'E002-000001' });
    const cert = bytesRef(leaf.certPem, 'cert.pem');
    const key = bytesRef(encryptKey(leaf.keyPem, 'secret words'), 'key.pem');
    expect(await refusal(h, { kind: 'pem', cert, key })).toMatchObject({ code: 'certificate', message: 'The private key is encrypted: give its passphrase.' });
    expect(await refusal(h, { kind: 'pem', cert, key, keyPassphrase: 'wrong' })).toMatchObject({ code: 'certificate', message: 'The passphrase is not right for this private key.' });
    const info = await h.service.import(input({ kind: 'pem', cert, key, keyPassphrase: 'secret words' }));
    expect(info.pemSerialNumber).toBe('E002-000001');
    const identity = await h.service.identity();
    expect('key' in identity.credentials && String(identity.credentials.key)).toContain('BEGIN PRIVATE KEY');
  });

  it('says which file is which when they are swapped', async () => {
    const ca = makeCa('Swap CA');
    const h = harness([ca.certPem]);
    const leaf = issueLeaf(ca);
    const error = await refusal(h, { kind: 'pem', cert: bytesRef(leaf.keyPem, 'key.pem'), key: bytesRef(leaf.certPem, 'cert.pem') });
    expect(error.code).toBe('certificate');
    expect(error.message).toMatch(/not a PEM or DER certificate|holds a certificate, not a private key/);
  });
});

describe('the stored certificate', () => {
  it('belongs to its profile and can be removed', async () => {
    const h = harness([emulatorCaPem]);
    const certificate = firstCertificate();
    await h.service.import(input({ kind: 'p12', file: { kind: 'path', path: certificate.p12Path }, passphrase: certificate.passphrase }));
    h.profile = { id: 'sandbox', name: 'Sandbox' };
    expect(h.service.get()).toBeNull();
    await expect(h.service.identity()).rejects.toMatchObject({ code: 'certificate', message: expect.stringContaining('Settings → Certificates') });
    h.profile = { id: 'local-emulator', name: 'Local emulator' };
    expect(await h.service.remove()).toEqual({ removed: true });
    expect(h.service.get()).toBeNull();
    expect(h.secrets.values.has(secretKeyFor('local-emulator'))).toBe(false);
    expect(await h.service.remove()).toEqual({ removed: false });
  });

  it('warns 30 days before expiry: a field, an event and a notification', async () => {
    const ca = makeCa('Soon CA');
    const h = harness([ca.certPem]);
    const soon = issueLeaf(ca, { commonName: 'E001-000002', notAfter: daysFromNow(10.5) });
    const info = await h.service.import(input({ kind: 'p12', file: bytesRef(toPkcs12(soon, ca, 'pw'), 'soon.p12'), passphrase: 'pw' }));
    expect(info).toMatchObject({ expiresSoon: true, expired: false, daysLeft: 10 });
    h.service.announce();
    expect(h.emitted.filter((e) => e.event === 'certificates.expiring')).toEqual([
      { event: 'certificates.expiring', payload: { profileId: 'local-emulator', certificate: expect.objectContaining({ daysLeft: 10 }) } },
    ]);
    expect(h.notifier.sent).toEqual([{ title: 'Certificate expires soon', body: expect.stringContaining('E001-000002 expires on') }]);
  });
});

/**
 * Onboarding a shop through the core's channels against the real emulator over loopback: a
 * merchant created and edited, a PEM added and activated, a cash register registered with its
 * certificate imported in the same call and then used over mTLS, cashiers added and removed, and
 * the refusals a user must be able to fix at the field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from '../../../../emulator/testing';
import { startFiscalTestApp, type FiscalTestApp } from '../testing/fiscal-app';

let emulator: TestEmulator;
let t: FiscalTestApp;

const address = { streetAddress: 'Via Po', streetNumber: '12', zipCode: '10123', city: 'Torino', province: 'to' };
const unique = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
const vatNumber = `0${String(Date.now()).slice(-10)}`;

const fieldReasons = (error: { details?: unknown }) => (error.details as { fieldReasons?: Record<string, string> }).fieldReasons;

beforeAll(async () => {
  emulator = await startTestEmulator({ processingDelayMs: 1000 });
  t = await startFiscalTestApp(emulator);
});

afterAll(async () => {
  await t?.close();
  await emulator?.close();
});

describe('onboarding a shop', () => {
  let merchantUuid = '';
  let serialNumber = '';

  it('creates a merchant, refuses the same e-mail again at the e-mail field, and edits the merchant', async () => {
    const merchant = await t.call('merchants.create', {
      vatNumber,
      businessName: 'Forno Verdi S.r.l.',
      email: `verdi-${unique}@example.test`,
      password: 'Pane-2026!x',
      address,
    });
    expect(merchant).toMatchObject({ vatNumber, displayName: 'Forno Verdi S.r.l.', address: { city: 'Torino', province: 'TO' } });
    merchantUuid = merchant.uuid;
    expect((await t.call('merchants.list', undefined)).map((m) => m.uuid)).toContain(merchantUuid);

    const twice = await t.failure('merchants.create', { vatNumber: `1${vatNumber.slice(1)}`, businessName: 'Altro', email: `verdi-${unique}@example.test`, password: 'Pane-2026!x', address });
    expect(twice.code).toBe('validation');
    expect(fieldReasons(twice)).toMatchObject({ email: 'duplicateEmail' });

    const edited = await t.call('merchants.update', { uuid: merchantUuid, businessName: 'Forno Verdi & Figli S.r.l.', address: { ...address, streetNumber: '14' } });
    expect(edited).toMatchObject({ uuid: merchantUuid, displayName: 'Forno Verdi & Figli S.r.l.', address: { streetNumber: '14' } });
  });

  it('adds a PEM and activates it with its registration key', async () => {
    const created = await t.call('pems.create', { merchantUuid, receiptHeader: 'Forno Verdi' });
    expect(created.registrationKey).not.toBe('');
    serialNumber = created.serialNumber;
    expect((await t.call('pems.journal', { serialNumber })).registrationKey).toBe(created.registrationKey);
    const wrongKey = await t.failure('pems.activate', { serialNumber, registrationKey: 'not-the-key' });
    expect(wrongKey.code).toBe('validation');
    expect(Object.keys(fieldReasons(wrongKey) ?? {})).toContain('registrationKey');
    const pem = await t.call('pems.activate', { serialNumber, registrationKey: created.registrationKey });
    expect(['activated', 'online']).toContain(pem.status);
    expect((await t.call('pems.journal', { serialNumber })).registrationKey).toBeNull();
  });

  it('registers a cash register, imports its certificate in the same call, and issues a receipt over mTLS with it', async () => {
    const registered = await t.call('cashRegisters.register', { serialNumber, name: 'Cassa 1' });
    expect(registered.cashRegister).toMatchObject({ pemSerialNumber: serialNumber, name: 'Cassa 1' });
    expect(registered.certificate).toMatchObject({ pemSerialNumber: serialNumber, trustedByProfileCa: true, expired: false });
    expect(JSON.stringify(registered)).not.toContain('PRIVATE KEY');
    expect((await t.call('certificates.get', undefined))?.fingerprint256).toBe(registered.certificate?.fingerprint256);
    expect((await t.call('cashRegisters.list', {})).items.map((c) => c.uuid)).toContain(registered.cashRegister.uuid);

    expect((await t.call('cashRegister.me', undefined)).pemSerialNumber).toBe(serialNumber);
    const receipt = await t.call('receipts.issue', {
      serialNumber,
      items: [{ description: 'Pane', quantity: '1.00', unitPrice: '3.20', vatCode: '4.00' }],
      payments: [{ type: 'cash', amount: '3.20' }],
    });
    expect(receipt.pemSerialNumber).toBe(serialNumber);
  });

  it('puts an unknown PEM and a PEM that already has a cash register at the PEM field', async () => {
    expect(fieldReasons(await t.failure('cashRegisters.register', { serialNumber: 'Z999-999999', name: 'Cassa X' }))).toMatchObject({ serialNumber: 'unknownPem' });
    const again = await t.failure('cashRegisters.register', { serialNumber, name: 'Cassa 2' });
    expect(again.code).toBe('validation');
    expect(Object.keys(fieldReasons(again) ?? {})).toContain('serialNumber');
  });

  it('a merchant’s own account sees a PEM of another merchant refused at the PEM field', async () => {
    const merchantApp = await startFiscalTestApp(emulator, { account: `merchant:verdi-${unique}@example.test` });
    try {
      const refused = await merchantApp.failure('cashRegisters.register', { serialNumber: 'E001-000001', name: 'Not mine' });
      expect(refused.code).toBe('validation');
      expect(fieldReasons(refused)).toMatchObject({ serialNumber: 'otherMerchantPem' });
    } finally {
      await merchantApp.close();
    }
  });

  it('reports an offline period and marks the PEM inactive', async () => {
    // An inactivity period starts only with the journal closed (the receipt above opened one).
    await t.call('pems.closeJournal', { serialNumber });
    const offline = await t.call('pems.reportOffline', { serialNumber, timestamp: new Date(Date.now() - 3_600_000).toISOString(), reason: 'Linea internet interrotta' });
    expect(offline.serialNumber).toBe(serialNumber);
    const inactive = await t.call('pems.markInactive', { serialNumber });
    expect(inactive.serialNumber).toBe(serialNumber);
    expect(fieldReasons(await t.failure('pems.markInactive', { serialNumber: 'Z999-999999' }))).toMatchObject({ serialNumber: 'unknownPem' });
  });

  it('adds a cashier, refuses the same e-mail at the e-mail field, and removes the cashier', async () => {
    const email = `cassa-${unique}@example.test`;
    const cashier = await t.call('cashiers.create', { email, password: 'cassa-2026', name: 'Marco Neri', merchantUuid });
    expect(cashier).toMatchObject({ email, name: 'Marco Neri', status: 'active' });
    const twice = await t.failure('cashiers.create', { email, password: 'cassa-2026', name: 'Marco Neri', merchantUuid });
    expect(fieldReasons(twice)).toMatchObject({ email: 'duplicateEmail' });
    expect((await t.call('cashiers.list', {})).items.map((c) => c.uuid)).toContain(cashier.uuid);
    await t.call('cashiers.remove', { uuid: cashier.uuid });
    expect((await t.call('cashiers.list', {})).items.map((c) => c.uuid)).not.toContain(cashier.uuid);
  });

  it('refuses bad input in main before any call, naming the field', async () => {
    const before = (await t.call('merchants.list', undefined)).length;
    const bad = await t.failure('merchants.create', { vatNumber: '123', email: 'nope', password: 'short', address: { ...address, zipCode: '1' } });
    expect(bad.code).toBe('bad_request');
    expect(bad.message).toMatch(/vatNumber/);
    expect((await t.call('merchants.list', undefined)).length).toBe(before);
    const cashier = await t.failure('cashiers.create', { email: 'x@example.test', password: 'short', name: 'Marco' });
    expect(cashier.message).toMatch(/password/);
  });
});

/**
 * Onboarding without the network: the service's refusals placed at the field a user must fix, and
 * a new cash register's certificate and key saved to the encrypted store in one step.
 */
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../../shared/contract';
import { createCertificatesService } from '../../certificates/service';
import { createCertificateStore, secretKeyFor } from '../../certificates/store';
import { daysFromNow, issueLeaf, makeCa } from '../../certificates/testing/test-certificates';
import { createCoreEvents } from '../../events';
import { createNoticeBoard } from '../../i18n/notices';
import { createSystemClock } from '../../node-ports/clock';
import { MemoryLogger, MemoryNotifier, MemorySecretVault, MemorySettingsStore } from '../../testing/memory-ports';
import { onboardingError, onboardingPath } from './errors';

const httpError = (status: number, messages: string[], fieldErrors?: Record<string, string>) =>
  new AppError(status === 403 ? 'forbidden' : status === 404 ? 'not_found' : status === 409 ? 'conflict' : 'validation', messages[0] ?? 'refused', {
    status,
    details: { requestId: 'r1', host: 'fiscal.test', method: 'POST', messages, ...(fieldErrors ? { fieldErrors } : {}) },
  });

const placed = (error: unknown) => {
  expect(error).toBeInstanceOf(AppError);
  const details = (error as AppError).details as { fields: Record<string, string>; fieldReasons: Record<string, string> };
  return { code: (error as AppError).code, fields: details.fields, reasons: details.fieldReasons };
};

describe('the service’s refusals, at their field', () => {
  it('a cashier’s e-mail twice (409) is a duplicate e-mail at the e-mail field', () => {
    const { code, fields, reasons } = placed(onboardingError(httpError(409, ['A user with this email already exists']), 'createCashier'));
    expect(code).toBe('validation');
    expect(reasons).toEqual({ email: 'duplicateEmail' });
    expect(fields.email).toMatch(/already exists/);
  });

  it('a duplicate said as a 422 on the e-mail path is the same duplicate', () => {
    expect(placed(onboardingError(httpError(422, ['email: already taken'], { 'body.email': 'This email is already taken.' }), 'createMerchant')).reasons).toEqual({ email: 'duplicateEmail' });
  });

  it('an unknown PEM (404) and a PEM of another merchant (403) are said at the PEM', () => {
    expect(placed(onboardingError(httpError(404, ['Point of Sale not found']), 'registerCashRegister')).reasons).toEqual({ serialNumber: 'unknownPem' });
    expect(placed(onboardingError(httpError(403, ['The PEM belongs to another merchant']), 'registerCashRegister')).reasons).toEqual({ serialNumber: 'otherMerchantPem' });
    expect(placed(onboardingError(httpError(409, ['This PEM already has a cash register']), 'registerCashRegister')).reasons).toEqual({ serialNumber: 'duplicateCashRegister' });
    expect(placed(onboardingError(httpError(409, ['The PEM E001-000009 is not activated yet (status NEW): activate it first.']), 'registerCashRegister')).reasons).toEqual({ serialNumber: 'pemNotActivated' });
    expect(placed(onboardingError(httpError(422, ['merchant_uuid: There is no merchant x'], { 'body.merchant_uuid': 'There is no merchant x.' }), 'createPem')).reasons).toEqual({ merchantUuid: 'unknownMerchant' });
  });

  it('a wrong type on a nested field lands on the contract’s path with the service’s words', () => {
    const { fields, reasons } = placed(onboardingError(httpError(422, ['zip_code: String should have at least 5 characters'], { 'body.address.zip_code': 'String should have at least 5 characters' }), 'createMerchant'));
    expect(reasons).toEqual({ 'address.zipCode': 'refusedValue' });
    expect(fields['address.zipCode']).toBe('String should have at least 5 characters');
    expect(onboardingPath('address[zip_code]')).toBe('address.zipCode');
    expect(onboardingPath('pem_serial_number')).toBe('serialNumber');
  });

  it('a refusal about the account (403 without a field) stays a forbidden error', () => {
    const error = onboardingError(httpError(403, ['Access denied']), 'createMerchant');
    expect((error as AppError).code).toBe('forbidden');
  });
});

describe('a new cash register’s certificate, imported in one step', () => {
  const ca = makeCa('Fiscal test CA');
  const harness = () => {
    const settings = new MemorySettingsStore();
    const secrets = new MemorySecretVault();
    const logger = new MemoryLogger();
    const events = createCoreEvents(logger);
    const changed: unknown[] = [];
    events.on((event, payload) => event === 'certificates.changed' && changed.push(payload));
    const service = createCertificatesService({
      store: createCertificateStore({ settings, secrets, logger }),
      clock: createSystemClock(),
      events,
      notifier: createNoticeBoard(new MemoryNotifier(), () => 'en'),
      logger,
      activeProfile: () => ({ id: 'shop', name: 'Shop' }),
      caPems: () => [ca.certPem],
    });
    return { service, secrets, changed };
  };

  it('keeps the key in the encrypted store and announces the certificate with its expiry', async () => {
    const h = harness();
    const leaf = issueLeaf(ca, { commonName: 'E009-000001', notAfter: daysFromNow(10) });
    const info = await h.service.importIssued({ certPem: leaf.certPem, keyPem: leaf.keyPem });
    expect(info).toMatchObject({ pemSerialNumber: 'E009-000001', kind: 'pem', trustedByProfileCa: true, expiresSoon: true });
    expect(JSON.stringify(info)).not.toContain('PRIVATE KEY');
    expect(await h.secrets.get(secretKeyFor('shop'))).toContain('PRIVATE KEY');
    expect(h.changed).toHaveLength(1);
    expect((await h.service.identity()).pemSerialNumber).toBe('E009-000001');
  });

  it('refuses a key that does not match, or a certificate from another CA, and saves nothing', async () => {
    const h = harness();
    const leaf = issueLeaf(ca);
    const other = issueLeaf(ca);
    await expect(h.service.importIssued({ certPem: leaf.certPem, keyPem: other.keyPem })).rejects.toMatchObject({ code: 'certificate' });
    const foreign = issueLeaf(makeCa('Someone else'));
    await expect(h.service.importIssued({ certPem: foreign.certPem, keyPem: foreign.keyPem })).rejects.toMatchObject({ code: 'certificate' });
    expect(h.service.get()).toBeNull();
  });
});

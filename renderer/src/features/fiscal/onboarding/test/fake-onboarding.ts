/** The fake fiscal core with a role-bearing session and stateful onboarding channels (cashiers, cash registers, PEMs). */
import type { Envelope, Merchant, SessionStatus } from '../../../../../../shared/contract';
import type { Cashier, OnboardingFieldReason } from '../../../../../../shared/contract/fiscal-onboarding';
import { ok } from '../../../../test/fake-acube';
import { certificate, createFakeFiscalCore, merchant, MERCHANT_UUID } from '../../test/fake-fiscal';

export const fieldRefusal = (path: string, why: OnboardingFieldReason, said: string): Envelope<never> => ({
  ok: false,
  error: { code: 'validation', message: `The service refused it: ${path}: ${said}`, details: { fields: { [path]: said }, fieldReasons: { [path]: why } } },
});

export function createFakeOnboardingCore(options: { roles?: string[] } = {}) {
  const core = createFakeFiscalCore();
  const h = core.handlers;
  const roles = options.roles ?? ['ROLE_SUPPLIER', 'ROLE_MERCHANT'];
  const status = h['session.status'];
  h['session.status'] = async (payload) => {
    const answer = (await status!(payload)) as Envelope<SessionStatus>;
    return answer.ok ? ok({ ...answer.value, projects: [...answer.value.projects, { project: 'ereceipts-it.acubeapi.com', roles }] }) : answer;
  };
  const state = {
    cashiers: [
      { uuid: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', email: 'giulia@example.test', name: 'Giulia Bianchi', displayName: 'Giulia', status: 'active' },
    ] as Cashier[],
    merchants: [merchant] as Merchant[],
  };
  h['merchants.list'] = () => ok(state.merchants);
  h['merchants.create'] = (input) => {
    const value = input as { email: string; vatNumber: string; businessName?: string };
    if (value.email === 'taken@example.test') return fieldRefusal('email', 'duplicateEmail', 'This e-mail is already registered.');
    const created: Merchant = { ...merchant, uuid: '44444444-4444-4444-8444-444444444444', vatNumber: value.vatNumber, email: value.email, businessName: value.businessName ?? null, displayName: value.businessName ?? value.vatNumber };
    state.merchants.push(created);
    return ok(created);
  };
  h['cashiers.list'] = () => ok({ items: state.cashiers, total: state.cashiers.length, page: 1, size: 100, pages: 1 });
  h['cashiers.create'] = (input) => {
    const value = input as { email: string; name: string; displayName?: string };
    if (state.cashiers.some((cashier) => cashier.email === value.email)) return fieldRefusal('email', 'duplicateEmail', 'A user with this e-mail already exists.');
    const cashier: Cashier = { uuid: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', email: value.email, name: value.name, displayName: value.displayName ?? null, status: 'active' };
    state.cashiers.push(cashier);
    return ok(cashier);
  };
  h['cashiers.remove'] = (input) => {
    const { uuid } = input as { uuid: string };
    state.cashiers = state.cashiers.filter((cashier) => cashier.uuid !== uuid);
    return ok({ removed: true, uuid });
  };
  const registers: Array<{ uuid: string; pemSerialNumber: string; name: string }> = [];
  h['cashRegisters.list'] = () => ok({ items: registers, total: registers.length, page: 1, size: 100, pages: 1 });
  h['cashRegisters.register'] = (input) => {
    const value = input as { serialNumber: string; name: string; importCertificate: boolean };
    if (value.serialNumber === 'E001-000002') return fieldRefusal('serialNumber', 'otherMerchantPem', 'The PEM belongs to another merchant.');
    const cashRegister = { uuid: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc', pemSerialNumber: value.serialNumber, name: value.name };
    registers.push(cashRegister);
    return ok({ cashRegister, certificate: value.importCertificate ? certificate : null });
  };
  h['pems.reportOffline'] = (input) => ok(core.fiscal.pems.find((pem) => pem.serialNumber === (input as { serialNumber: string }).serialNumber));
  h['pems.create'] = () => ok({ serialNumber: 'E001-000009', registrationKey: 'RK-1234-5678' });
  return { ...core, onboarding: state, MERCHANT_UUID };
}

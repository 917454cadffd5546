/**
 * Onboarding a shop: maps the contract's inputs to the service's bodies, imports a new cash
 * register's certificate in the same step as its registration (the key goes from the service's
 * answer to the encrypted store, never to the renderer), and emits the change events that keep the
 * fiscal screens fresh.
 */
import type { CertificateInfo, ChannelName, ChannelOutput, ChannelParsedInput } from '../../../../shared/contract';
import type { FiscalAddressInput } from '../../../../shared/contract/fiscal-onboarding';
import type { CoreEvents } from '../../events';
import type { Logger } from '../../ports';
import type { AddressBody, OnboardingApi } from './client';

type In<C extends ChannelName> = ChannelParsedInput<C>;
type Out<C extends ChannelName> = Promise<ChannelOutput<C>>;

export interface OnboardingServiceDeps {
  api: OnboardingApi;
  events: CoreEvents;
  logger: Logger;
  importIssued: (pems: { certPem: string; keyPem: string }) => Promise<CertificateInfo>;
}

const addressBody = (address: Required<FiscalAddressInput>): AddressBody => ({
  street_address: address.streetAddress,
  street_number: address.streetNumber,
  zip_code: address.zipCode,
  city: address.city,
  province: address.province,
});

const names = (input: { businessName?: string | undefined; firstName?: string | undefined; lastName?: string | undefined }) => ({
  business_name: input.businessName || null,
  first_name: input.businessName ? null : input.firstName || null,
  last_name: input.businessName ? null : input.lastName || null,
});

export function createOnboardingService(deps: OnboardingServiceDeps) {
  const { api, events } = deps;

  /** The PEM as MF2 shows it after a change (its status moved). */
  async function changedPem(serialNumber: string): Out<'pems.get'> {
    events.emit('pems.changed', { serialNumber });
    return api.pem(serialNumber);
  }

  return {
    async createMerchant(input: In<'merchants.create'>): Out<'merchants.create'> {
      const merchant = await api.createMerchant({
        vat_number: input.vatNumber,
        ...(input.fiscalCode ? { fiscal_code: input.fiscalCode } : {}),
        ...names(input),
        email: input.email,
        password: input.password,
        address: addressBody(input.address),
      });
      events.emit('merchants.changed', { uuid: merchant.uuid });
      return merchant;
    },
    async updateMerchant(input: In<'merchants.update'>): Out<'merchants.update'> {
      const merchant = await api.updateMerchant(input.uuid, { ...names(input), address: addressBody(input.address) });
      events.emit('merchants.changed', { uuid: merchant.uuid });
      return merchant;
    },
    async createPem(input: In<'pems.create'>): Out<'pems.create'> {
      const created = await api.createPem({
        merchant_uuid: input.merchantUuid,
        receipt_header: input.receiptHeader || null,
        address: input.address ? addressBody(input.address) : null,
      });
      events.emit('pems.changed', { serialNumber: created.serialNumber });
      return created;
    },
    async activatePem(input: In<'pems.activate'>): Out<'pems.activate'> {
      await api.activatePem(input.serialNumber, input.registrationKey);
      return changedPem(input.serialNumber);
    },
    async markInactive(input: In<'pems.markInactive'>): Out<'pems.markInactive'> {
      await api.markInactive(input.serialNumber);
      return changedPem(input.serialNumber);
    },
    async reportOffline(input: In<'pems.reportOffline'>): Out<'pems.reportOffline'> {
      await api.reportOffline(input.serialNumber, new Date(input.timestamp).toISOString(), input.reason);
      return changedPem(input.serialNumber);
    },

    cashRegisters: (input: In<'cashRegisters.list'>): Out<'cashRegisters.list'> => api.cashRegisters(input.page, input.size),
    async registerCashRegister(input: In<'cashRegisters.register'>): Out<'cashRegisters.register'> {
      const issued = await api.registerCashRegister(input.serialNumber, input.name);
      const cashRegister = { uuid: issued.uuid, pemSerialNumber: issued.pem_serial_number, name: issued.name };
      events.emit('pems.changed', { serialNumber: issued.pem_serial_number });
      if (!input.importCertificate) return { cashRegister, certificate: null };
      // The service shows the key once: if saving it fails, the error says the cash register exists.
      try {
        const certificate = await deps.importIssued({ certPem: issued.mtls_certificate, keyPem: issued.private_key });
        return { cashRegister, certificate };
      } catch (error) {
        deps.logger.warn('A cash register was registered but its certificate could not be saved', { serialNumber: issued.pem_serial_number, uuid: issued.uuid });
        throw error;
      }
    },

    cashiers: (input: In<'cashiers.list'>): Out<'cashiers.list'> => api.cashiers(input.page, input.size, input.status),
    createCashier: (input: In<'cashiers.create'>): Out<'cashiers.create'> =>
      api.createCashier({
        email: input.email,
        password: input.password,
        name: input.name,
        display_name: input.displayName || null,
        ...(input.merchantUuid ? { merchant_uuid: input.merchantUuid } : {}),
      }),
    async removeCashier(input: In<'cashiers.remove'>): Out<'cashiers.remove'> {
      await api.removeCashier(input.uuid);
      return { removed: true, uuid: input.uuid };
    },
  };
}

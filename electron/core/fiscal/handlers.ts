/**
 * The fiscal channels: `certificates.*`, `cashRegister.me`, `merchants.*`, `pems.*`, `reports.*`,
 * `receipts.*`, `emergencyReports.*`. Builds the certificate service, the mTLS Agent, the API
 * client, the report poller, and ties them to the session and the active profile.
 */
import type { EventPayload, FileRef } from '../../../shared/contract';
import { resolveFileRef } from '../files/file-ref';
import { createCertificatesService } from '../certificates/service';
import { createCertificateStore } from '../certificates/store';
import type { HandlerFactory } from '../handlers';
import { createFiscalApi } from './api/client';
import { createMtlsAgents } from './mtls';
import { createOnboardingApi } from './onboarding/client';
import { createOnboardingService } from './onboarding/service';
import { createReportsPoller, type PollTiming } from './reports-poller';
import { createFiscalService } from './service';

export interface FiscalHandlerOptions {
  pollTiming?: Partial<PollTiming>;
}

export function fiscalHandlers(options: FiscalHandlerOptions = {}): HandlerFactory {
  return (services) => {
    const { ports, events, logger } = services;
    const certificates = createCertificatesService({
      store: createCertificateStore({ settings: ports.settings, secrets: ports.secrets, logger }),
      clock: ports.clock,
      events,
      notifier: services.notices,
      logger,
      activeProfile: () => services.profiles.active(),
      caPems: () => services.extraCaPems(),
    });
    const mtls = createMtlsAgents({ identity: () => certificates.identity(), caPems: () => services.extraCaPems() });
    const api = createFiscalApi({
      http: services.http,
      fiscalUrl: () => services.endpoints().urls.fiscalUrl,
      fiscalMtlsUrl: () => services.endpoints().urls.fiscalMtlsUrl,
      token: () => services.session.getToken(),
      mtls: () => mtls.current(),
      onUnauthorized: (token, message) => services.session.handleUnauthorized(token, message),
    });
    // The poller reads through the service (defined just below; called only after a request).
    const poller = createReportsPoller({
      fetchRequests: (serialNumber) => fiscal.latestRequests(serialNumber),
      events,
      notifier: services.notices,
      clock: ports.clock,
      logger,
      ...(options.pollTiming ? { timing: options.pollTiming } : {}),
    });
    const onboarding = createOnboardingService({
      api: createOnboardingApi({ http: services.http, fiscalUrl: () => services.endpoints().urls.fiscalUrl, token: () => services.session.getToken() }),
      events,
      logger,
      importIssued: (pems) => certificates.importIssued(pems),
    });
    const fiscal = createFiscalService({ api, poller, events, certificatePem: async () => certificates.get()?.pemSerialNumber ?? null });

    // At start and after a profile switch (both restore the session): show the profile's certificate,
    // warn when it expires soon; stop watching the previous account's reports.
    const unsubscribe = events.on((event, payload) => {
      if (event !== 'session.changed') return;
      const { reason, status } = payload as EventPayload<'session.changed'>;
      if (reason === 'startup' || reason === 'profile') certificates.announce();
      if (status.state !== 'signedIn' || reason === 'profile') poller.stopAll();
    });
    services.onDispose(async () => {
      unsubscribe();
      poller.stopAll();
      await mtls.close();
    });

    return {
      async 'certificates.import'(input, context) {
        const local = (ref: FileRef) => resolveFileRef(ref, services.files, context);
        return certificates.import(input.kind === 'p12' ? { ...input, file: await local(input.file) } : { ...input, cert: await local(input.cert), key: await local(input.key) });
      },
      'certificates.get': () => Promise.resolve(certificates.get()),
      'certificates.remove': () => certificates.remove(),
      'cashRegister.me': () => fiscal.cashRegister(),
      'merchants.list': () => fiscal.merchants(),
      'merchants.get': (input) => fiscal.merchant(input),
      'merchants.atecoCodes': (input) => fiscal.atecoCodes(input),
      'merchants.setAtecoCodes': (input) => fiscal.setAtecoCodes(input),
      'pems.list': (input) => fiscal.pems(input),
      'pems.get': (input) => fiscal.pem(input),
      'pems.journal': (input) => fiscal.journal(input),
      'pems.discard': (input) => fiscal.discard(input),
      'pems.closeJournal': (input) => fiscal.closeJournal(input),
      'pems.downloadData': (input) => fiscal.downloadData(input),
      'reports.list': (input) => fiscal.reports(input),
      'reports.requests': (input) => fiscal.reportRequests(input),
      'reports.requestJournalReading': (input) => fiscal.requestJournalReading(input),
      'reports.requestDiagnostics': (input) => fiscal.requestDiagnostics(input),
      'reports.requestReceipts': (input) => fiscal.requestReceipts(input),
      'reports.pdf': (input) => fiscal.reportPdf(input),
      'receipts.issue': (input) => fiscal.issue(input),
      'receipts.return': (input) => fiscal.returnItems(input),
      'receipts.void': (input) => fiscal.voidSale(input),
      'receipts.list': (input) => fiscal.receipts(input),
      'receipts.get': (input) => fiscal.receipt(input),
      'receipts.returnableItems': (input) => fiscal.returnableItems(input),
      'receipts.pdf': (input) => fiscal.receiptPdf(input),
      'emergencyReports.create': (input) => fiscal.createEmergencyReport(input),
      'emergencyReports.list': (input) => fiscal.emergencyReports(input),

      // onboarding a shop
      'merchants.create': (input) => onboarding.createMerchant(input),
      'merchants.update': (input) => onboarding.updateMerchant(input),
      'pems.create': (input) => onboarding.createPem(input),
      'pems.activate': (input) => onboarding.activatePem(input),
      'pems.markInactive': (input) => onboarding.markInactive(input),
      'pems.reportOffline': (input) => onboarding.reportOffline(input),
      'cashRegisters.list': (input) => onboarding.cashRegisters(input),
      'cashRegisters.register': (input) => onboarding.registerCashRegister(input),
      'cashiers.list': (input) => onboarding.cashiers(input),
      'cashiers.create': (input) => onboarding.createCashier(input),
      'cashiers.remove': (input) => onboarding.removeCashier(input),
    };
  };
}

export const createFiscalHandlers: HandlerFactory = fiscalHandlers();

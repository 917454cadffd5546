/**
 * The fiscal area of the core: maps the contract's inputs to the service's bodies, guards what main
 * must guard itself (typed discard confirmation, the certificate's PEM), starts the report poller
 * after anything that queues a report, and emits the change events.
 */
import { AppError, because, reason, type ChannelName, type ChannelOutput, type ChannelParsedInput, type Receipt, type ReportRequest } from '../../../shared/contract';
import type { CoreEvents } from '../events';
import type { FiscalApi, SaleBody } from './api/client';
import type { ReportsPoller } from './reports-poller';

type In<C extends ChannelName> = ChannelParsedInput<C>;
type Out<C extends ChannelName> = Promise<ChannelOutput<C>>;

export interface FiscalServiceDeps {
  api: FiscalApi;
  poller: ReportsPoller;
  events: CoreEvents;
  /** The PEM serial number of the imported certificate (its CN), or null when unknown. */
  certificatePem: () => Promise<string | null>;
}

const REQUESTS_WATCHED = 50;

/** Detail reads in flight at once when filling in the amounts of returns and voids. */
const AMOUNT_READS_IN_FLIGHT = 4;

export function createFiscalService(deps: FiscalServiceDeps) {
  const { api, poller, events } = deps;

  const watchAfter = (serialNumber: string, request: ReportRequest): void => {
    poller.watch(serialNumber, [request]);
    events.emit('reports.changed', { serialNumber, requests: [request], finished: [] });
  };

  /**
   * The service lists returns and voids with no total ("null for void and return receipts"); their
   * details carry it. A detail that cannot be read leaves the total unknown rather than failing the list.
   */
  async function withDocumentAmounts(receipts: Receipt[]): Promise<Receipt[]> {
    const out = [...receipts];
    const missing = out.map((receipt, index) => ({ receipt, index })).filter(({ receipt }) => receipt.totalAmount === null);
    for (let start = 0; start < missing.length; start += AMOUNT_READS_IN_FLIGHT) {
      await Promise.all(
        missing.slice(start, start + AMOUNT_READS_IN_FLIGHT).map(async ({ receipt, index }) => {
          const details = await api.receipt(receipt.uuid).catch(() => null);
          if (details) out[index] = { ...receipt, totalAmount: details.documentAmount };
        }),
      );
    }
    return out;
  }

  /** Receipts are issued by the certificate's cash register: refuse a form meant for another PEM. */
  async function checkIssuer(serialNumber: string | undefined): Promise<void> {
    if (!serialNumber) return;
    const certificatePem = await deps.certificatePem();
    if (certificatePem && certificatePem !== serialNumber) {
      throw new AppError(
        'certificate',
        `The imported certificate belongs to the cash register of PEM ${certificatePem}, so it cannot issue documents for PEM ${serialNumber}. Import PEM ${serialNumber}'s certificate in Settings → Certificates, or switch to PEM ${certificatePem}.`,
        { details: because(reason('certificates.otherPem', { certificatePem, requestedPem: serialNumber }), { reason: 'other_pem', certificatePem, requestedPem: serialNumber }) },
      );
    }
  }

  const saleBody = (input: In<'receipts.issue'>): SaleBody => ({
    items: input.items.map((item) => ({
      type: item.type,
      description: item.description,
      quantity: item.quantity,
      unit_price: item.unitPrice,
      vat_rate_code: item.vatCode,
      ...(item.discount !== undefined ? { discount: item.discount } : {}),
      ...(item.atecoCode !== undefined ? { ateco_code: item.atecoCode } : {}),
      complimentary: item.complimentary,
      prepaid_or_voucher: item.prepaidOrVoucher,
    })),
    payments: input.payments.map((payment) => ({ payment_type: payment.type, amount: payment.amount })),
    ...(input.discount !== undefined ? { discount: input.discount } : {}),
    ...(input.customerLotteryCode !== undefined ? { customer_lottery_code: input.customerLotteryCode } : {}),
    ...(input.customerTaxCode !== undefined ? { customer_tax_code: input.customerTaxCode } : {}),
  });

  const receiptsReportBody = (input: In<'reports.requestReceipts'>): Record<string, string> => {
    const { filter } = input;
    switch (filter.kind) {
      case 'number':
        return { type: input.type, document_number: filter.documentNumber };
      case 'numberRange':
        return { type: input.type, document_number_from: filter.from, document_number_to: filter.to };
      case 'dateRange':
        return { type: input.type, date_from: filter.from, date_to: filter.to };
    }
  };

  return {
    cashRegister: (): Out<'cashRegister.me'> => api.cashRegister(),

    merchants: (): Out<'merchants.list'> => api.merchants(),
    merchant: (input: In<'merchants.get'>): Out<'merchants.get'> => api.merchant(input.uuid),
    atecoCodes: (input: In<'merchants.atecoCodes'>): Out<'merchants.atecoCodes'> => api.atecoCodes(input.uuid),
    async setAtecoCodes(input: In<'merchants.setAtecoCodes'>): Out<'merchants.setAtecoCodes'> {
      const result = await api.setAtecoCodes(input.uuid, input.codes);
      events.emit('merchants.changed', { uuid: input.uuid });
      return result;
    },

    pems: (input: In<'pems.list'>): Out<'pems.list'> => api.pemsOf(input.merchantUuid),
    pem: (input: In<'pems.get'>): Out<'pems.get'> => api.pem(input.serialNumber),
    journal: (input: In<'pems.journal'>): Out<'pems.journal'> => api.journal(input.serialNumber),
    async discard(input: In<'pems.discard'>): Out<'pems.discard'> {
      if (input.confirmation.trim() !== input.serialNumber) {
        const message = `To discard the PEM, type its serial number "${input.serialNumber}" exactly. A discarded PEM can never issue receipts again.`;
        throw new AppError('validation', message, { details: because(reason('fiscal.confirmDiscard', { serialNumber: input.serialNumber }), { fields: { confirmation: message } }) });
      }
      const pem = await api.discardPem(input.serialNumber);
      events.emit('pems.changed', { serialNumber: input.serialNumber });
      return pem;
    },
    async closeJournal(input: In<'pems.closeJournal'>): Out<'pems.closeJournal'> {
      const closure = await api.closeJournal(input.serialNumber);
      events.emit('receipts.changed', { serialNumber: input.serialNumber });
      watchAfter(input.serialNumber, closure.request);
      return closure;
    },
    downloadData: (input: In<'pems.downloadData'>): Out<'pems.downloadData'> => api.downloadData(input.serialNumber),

    reports: (input: In<'reports.list'>): Out<'reports.list'> => api.reports(input.serialNumber, input.page, input.size),
    async reportRequests(input: In<'reports.requests'>): Out<'reports.requests'> {
      const page = await api.reportRequests(input.serialNumber, input.page, input.size, input.status);
      // A screen that shows queued requests gets their updates without asking again.
      if (page.items.some((request) => request.status === 'queued') && !poller.isWatching(input.serialNumber)) poller.watch(input.serialNumber, page.items);
      return page;
    },
    async requestJournalReading(input: In<'reports.requestJournalReading'>): Out<'reports.requestJournalReading'> {
      const request = await api.requestJournalReading(input.serialNumber);
      watchAfter(input.serialNumber, request);
      return request;
    },
    async requestDiagnostics(input: In<'reports.requestDiagnostics'>): Out<'reports.requestDiagnostics'> {
      const request = await api.requestDiagnostics(input.serialNumber);
      watchAfter(input.serialNumber, request);
      return request;
    },
    async requestReceipts(input: In<'reports.requestReceipts'>): Out<'reports.requestReceipts'> {
      const request = await api.requestReceiptsReport(input.serialNumber, receiptsReportBody(input));
      watchAfter(input.serialNumber, request);
      return request;
    },
    reportPdf: (input: In<'reports.pdf'>): Out<'reports.pdf'> => api.reportPdf(input.serialNumber, input.reportUuid),
    /** What the poller reads: the latest requests of a PEM. */
    latestRequests: async (serialNumber: string) => (await api.reportRequests(serialNumber, 1, REQUESTS_WATCHED)).items,

    async issue(input: In<'receipts.issue'>): Out<'receipts.issue'> {
      await checkIssuer(input.serialNumber);
      const receipt = await api.issueSale(saleBody(input));
      events.emit('receipts.changed', { serialNumber: receipt.pemSerialNumber });
      return receipt;
    },
    async returnItems(input: In<'receipts.return'>): Out<'receipts.return'> {
      await checkIssuer(input.serialNumber);
      const receipt = await api.issueReturn({ document_number: input.documentNumber, items: input.items });
      events.emit('receipts.changed', { serialNumber: receipt.pemSerialNumber });
      return receipt;
    },
    async voidSale(input: In<'receipts.void'>): Out<'receipts.void'> {
      await checkIssuer(input.serialNumber);
      await api.voidSale(input.documentNumber);
      const serialNumber = input.serialNumber ?? (await deps.certificatePem());
      if (serialNumber) events.emit('receipts.changed', { serialNumber });
      return { voided: true, documentNumber: input.documentNumber };
    },
    async receipts(input: In<'receipts.list'>): Out<'receipts.list'> {
      const page = await api.receipts({
        page: input.page,
        size: input.size,
        serial_number: input.serialNumber,
        type: input.type,
        document_number: input.documentNumber,
        'order[document_number]': input.order,
      });
      return { ...page, items: await withDocumentAmounts(page.items) };
    },
    receipt: (input: In<'receipts.get'>): Out<'receipts.get'> => api.receipt(input.uuid),
    returnableItems: (input: In<'receipts.returnableItems'>): Out<'receipts.returnableItems'> => api.returnableItems(input.uuid),
    receiptPdf: (input: In<'receipts.pdf'>): Out<'receipts.pdf'> => api.receiptPdf(input.uuid),

    createEmergencyReport: (input: In<'emergencyReports.create'>): Out<'emergencyReports.create'> =>
      api.createEmergencyReport(input.serialNumber, {
        datetime: input.datetime,
        ...(input.documentsCount !== undefined ? { documents_count: input.documentsCount } : {}),
        ...(input.cashPaymentAmount !== undefined ? { cash_payment_amount: input.cashPaymentAmount } : {}),
        ...(input.electronicPaymentAmount !== undefined ? { electronic_payment_amount: input.electronicPaymentAmount } : {}),
        entries: input.entries.map((entry) => ({
          vat_rate_code: entry.vatCode,
          partial_amount: entry.partialAmount,
          ...(entry.vatAmount !== undefined ? { vat_amount: entry.vatAmount } : {}),
          ateco_code: entry.atecoCode,
        })),
      }),
    emergencyReports: (input: In<'emergencyReports.list'>): Out<'emergencyReports.list'> => api.emergencyReports(input.serialNumber, input.page, input.size),
  };
}

export type FiscalService = ReturnType<typeof createFiscalService>;

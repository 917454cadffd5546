/**
 * The fiscal seed: two merchants, five PEMs in different states, three past days of receipts per
 * cash register with closed journals and processed closure reports, and an open journal today on
 * the PEM of the first client certificate. Deterministic for a given --seed and clock.
 */
import type { ClientCertificateInfo, SeededRandom } from '../../context';
import { seededCashRegisters } from '../../seed/cash-registers';
import { formatAmountUnits, multiplyAmountByQuantity, parseAmountUnits, parseQuantityUnits } from '../../../shared/validation/fiscal-amounts';
import { isoUtc } from '../italian-time';
import { FiscalOperations } from '../operations';
import { issueReturnOfOwnSale, issueSale, issueVoidOfOwnSale } from '../receipts/issue';
import { saleReceiptSchema } from '../receipts/input';
import { type FiscalState, type Pem, STATE_VERSION } from '../state';
import { FiscalStore } from '../store';
import { extraPems, pemAddresses, pemStatusesBySerial, productsByMerchant, seedMerchants } from './merchants';

export function seededUuid(random: SeededRandom): string {
  const hex = Array.from({ length: 32 }, () => random.int(0, 15).toString(16));
  hex[12] = '4';
  hex[16] = (8 + random.int(0, 3)).toString(16);
  const text = hex.join('');
  return `${text.slice(0, 8)}-${text.slice(8, 12)}-${text.slice(12, 16)}-${text.slice(16, 20)}-${text.slice(20)}`;
}

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const PAST_DAYS = 3;

function startOfUtcDay(instant: Date): number {
  return Date.UTC(instant.getUTCFullYear(), instant.getUTCMonth(), instant.getUTCDate());
}

export interface SeedOptions {
  random: SeededRandom;
  now: Date;
  certificateOf: (pemSerialNumber: string) => ClientCertificateInfo | null;
}

export function seedFiscalState(options: SeedOptions): FiscalState {
  const random = options.random.fork('fiscal-seed');
  const newUuid = () => seededUuid(random);
  const state: FiscalState = { version: STATE_VERSION, merchants: [], pems: [], journals: [], receipts: [], reports: [], emergency_reports: [], cashiers: [], merchant_accounts: [], cash_register_certificates: [], pem_periods: [] };
  const merchants = seedMerchants.map((merchant) => ({ uuid: newUuid(), ...merchant, ateco_codes: [...merchant.ateco_codes] }));
  state.merchants.push(...merchants);

  const activatedAt = isoUtc(new Date(startOfUtcDay(options.now) - 120 * DAY_MS + 9 * HOUR_MS));
  const addPem = (serialNumber: string, merchantIndex: 0 | 1, cashRegisterName: string | null) => {
    const status = pemStatusesBySerial[serialNumber] ?? 'ACTIVATED';
    const pem: Pem = {
      serial_number: serialNumber,
      merchant_uuid: merchants[merchantIndex]?.uuid ?? '',
      status,
      type: 'AP',
      address: pemAddresses[serialNumber] ?? seedMerchants[merchantIndex].address,
      cash_register: cashRegisterName ? { uuid: newUuid(), name: cashRegisterName } : null,
      configuration: { receipt_header: null, display_cash_register_name: cashRegisterName !== null },
      firmware_version: '2.4.1',
      activated_at: status === 'NEW' || status === 'REGISTERED' ? null : activatedAt,
      last_transmission_at: null,
      discarded_at: status === 'DISCARDED' ? isoUtc(new Date(startOfUtcDay(options.now) - 30 * DAY_MS + 11 * HOUR_MS)) : null,
      last_journal_number: 0,
    };
    state.pems.push(pem);
    return pem;
  };
  for (const register of seededCashRegisters) addPem(register.pemSerialNumber, register.merchantIndex, register.cashRegisterName);
  for (const extra of extraPems) addPem(extra.serialNumber, extra.merchantIndex, null);

  const store = new FiscalStore(state);
  const operations = new FiscalOperations({
    store,
    newUuid,
    faultRandom: random,
    reportFail: () => 0,
    stepMs: () => 0,
    certificateOf: options.certificateOf,
  });

  for (const register of seededCashRegisters) {
    const pem = store.pem(register.pemSerialNumber) as Pem;
    for (let daysAgo = PAST_DAYS; daysAgo >= 1; daysAgo--) {
      const dayStart = startOfUtcDay(options.now) - daysAgo * DAY_MS;
      seedDay(store, pem, register.merchantIndex, random, newUuid, dayStart + 7 * HOUR_MS);
      operations.closeJournal(pem, new Date(dayStart + 19 * HOUR_MS));
    }
  }

  // today, on the PEM of the first certificate: an open journal with a few sales, a summary and a diagnostics report
  const first = seededCashRegisters[0];
  if (first) {
    const pem = store.pem(first.pemSerialNumber) as Pem;
    const now = options.now.getTime();
    for (const minutesAgo of [50, 35, 20]) {
      issueSeedSale(store, pem, first.merchantIndex, random, newUuid, new Date(now - minutesAgo * 60_000));
    }
    const from = new Date(startOfUtcDay(options.now) - PAST_DAYS * DAY_MS).toISOString().slice(0, 10);
    const to = new Date(startOfUtcDay(options.now) - DAY_MS).toISOString().slice(0, 10);
    operations.requestReceiptsReport(
      pem,
      { type: 'summary', filter: { kind: 'date_range', from, to }, parameters: { type: 'summary', date_from: from, date_to: to } },
      new Date(now - 15 * 60_000),
    );
    operations.requestDiagnostics(pem, new Date(now - 10 * 60_000));
  }
  return state;
}

/** About ten hours of business from `openingTime`: 4 to 8 sales, sometimes a return and a void. */
function seedDay(store: FiscalStore, pem: Pem, merchantIndex: 0 | 1, random: SeededRandom, newUuid: () => string, openingTime: number): void {
  const count = random.int(4, 8);
  const sales = [];
  for (let index = 0; index < count; index++) {
    const at = new Date(openingTime + Math.round(((index + random.next()) / count) * 10 * HOUR_MS));
    sales.push({ receipt: issueSeedSale(store, pem, merchantIndex, random, newUuid, at), at });
  }
  const last = sales.at(-1);
  if (!last) return;
  const context = (offsetMs: number) => ({ store, pem, at: new Date(last.at.getTime() + offsetMs), newUuid });
  const returned = sales[1];
  if (returned && random.next() < 0.6) {
    const item = returned.receipt.items[0];
    if (item) issueReturnOfOwnSale(context(5 * 60_000), { document_number: returned.receipt.document_number, items: [{ id: item.id, quantity: '1.00' }] });
  }
  const voided = sales[2];
  if (voided && random.next() < 0.5) issueVoidOfOwnSale(context(8 * 60_000), { document_number: voided.receipt.document_number });
}

function issueSeedSale(store: FiscalStore, pem: Pem, merchantIndex: 0 | 1, random: SeededRandom, newUuid: () => string, at: Date) {
  const products = productsByMerchant[merchantIndex];
  const lines = random.int(1, 4);
  const items = Array.from({ length: lines }, () => {
    const product = random.pick(products);
    return { ...product, quantity: `${random.int(1, 3)}.00` };
  });
  const total = items.reduce((sum, item) => sum + multiplyAmountByQuantity(parseAmountUnits(item.unit_price), parseQuantityUnits(item.quantity)), 0n);
  const amount = formatAmountUnits(total, 2);
  const method = random.next();
  const payments =
    method < 0.45
      ? [{ payment_type: 'cash', amount }]
      : method < 0.9 || merchantIndex === 0
        ? [{ payment_type: 'electronic', amount }]
        : [{ payment_type: 'ticket_restaurant', amount }];
  const input = saleReceiptSchema.parse({ items, payments });
  return issueSale({ store, pem, at, newUuid }, input);
}

import type { Persistence } from '../context';
import { type FiscalState, fiscalStateSchema, type Journal, type Merchant, type Pem, type Receipt, type ReportJob } from './state';

const PERSISTENCE_AREA = 'fiscal';
const SAVE_DEBOUNCE_MS = 50;

/** In-memory fiscal state with lookups; every mutation goes through `changed()` to be saved. */
export class FiscalStore {
  private readonly receiptsByUuid = new Map<string, Receipt>();
  private saveTimer: NodeJS.Timeout | null = null;

  constructor(
    readonly state: FiscalState,
    private readonly persist: (state: FiscalState) => void = () => {},
  ) {
    for (const receipt of state.receipts) this.receiptsByUuid.set(receipt.uuid, receipt);
  }

  merchant(uuid: string): Merchant | undefined {
    return this.state.merchants.find((merchant) => merchant.uuid === uuid);
  }

  pem(serialNumber: string): Pem | undefined {
    return this.state.pems.find((pem) => pem.serial_number === serialNumber);
  }

  pemsOf(merchantUuid: string): Pem[] {
    return this.state.pems.filter((pem) => pem.merchant_uuid === merchantUuid);
  }

  openJournal(serialNumber: string): Journal | undefined {
    return this.state.journals.find((journal) => journal.pem_serial_number === serialNumber && journal.status === 'OPEN');
  }

  journalsOf(serialNumber: string): Journal[] {
    return this.state.journals.filter((journal) => journal.pem_serial_number === serialNumber).sort((a, b) => a.number - b.number);
  }

  receipt(uuid: string): Receipt | undefined {
    return this.receiptsByUuid.get(uuid);
  }

  receiptByNumber(serialNumber: string, documentNumber: string): Receipt | undefined {
    return this.state.receipts.find((receipt) => receipt.pem_serial_number === serialNumber && receipt.document_number === documentNumber);
  }

  receiptsOf(serialNumber: string): Receipt[] {
    return this.state.receipts.filter((receipt) => receipt.pem_serial_number === serialNumber);
  }

  receiptsOfJournal(serialNumber: string, journalNumber: number): Receipt[] {
    return this.state.receipts.filter((receipt) => receipt.pem_serial_number === serialNumber && receipt.journal_number === journalNumber);
  }

  addReceipt(receipt: Receipt): void {
    this.state.receipts.push(receipt);
    this.receiptsByUuid.set(receipt.uuid, receipt);
  }

  reportsOf(serialNumber: string): ReportJob[] {
    return this.state.reports.filter((report) => report.pem_serial_number === serialNumber);
  }

  report(serialNumber: string, reportUuid: string): ReportJob | undefined {
    return this.state.reports.find((report) => report.pem_serial_number === serialNumber && report.report_uuid === reportUuid);
  }

  /** The client certificates issued for cash registers created through MF1, as mTLS identities. */
  issuedCertificates(): { pemSerialNumber: string; serialNumber: string; fingerprint256: string }[] {
    return this.state.cash_register_certificates.map((issued) => ({
      pemSerialNumber: issued.pem_serial_number,
      serialNumber: issued.serial_number,
      fingerprint256: issued.fingerprint256,
    }));
  }

  /** Schedules a save; several mutations in a burst are written once. */
  changed(): void {
    if (this.saveTimer !== null) return;
    this.saveTimer = setTimeout(() => this.flush(), SAVE_DEBOUNCE_MS);
    this.saveTimer.unref();
  }

  flush(): void {
    if (this.saveTimer !== null) clearTimeout(this.saveTimer);
    this.saveTimer = null;
    this.persist(this.state);
  }
}

/**
 * The saved state, or null on a first start, without --data-dir, or when the file does not match
 * the schema (then the area reseeds and says why in the log).
 */
export function loadFiscalState(persistence: Persistence, log: (message: string) => void): FiscalState | null {
  const saved = persistence.load<unknown>(PERSISTENCE_AREA);
  if (saved === undefined) return null;
  const parsed = fiscalStateSchema.safeParse(saved);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  log(`fiscal: the saved state does not match this version (${issue ? `${issue.path.join('.')}: ${issue.message}` : 'unknown'}); starting from fresh seed data.`);
  return null;
}

export function persistFiscalState(persistence: Persistence): (state: FiscalState) => void {
  return (state) => persistence.save(PERSISTENCE_AREA, state);
}

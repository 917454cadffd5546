/** The state-changing operations on PEMs shared by the routes and the seed: journals and report requests. */
import type { ClientCertificateInfo, SeededRandom } from '../context';
import { conflict } from './http/problems';
import { isoUtc } from './italian-time';
import { assertPemCanIssue } from './receipts/issue';
import { type BuiltReport, buildDiagnosticsReport, buildJournalReport, buildReceiptsReport } from './reports/builders';
import { newReportJob } from './reports/jobs';
import type { ReceiptsReportRequest } from './reports/receipts-request';
import type { Journal, Merchant, Pem, ReportJob, ReportKind } from './state';
import type { FiscalStore } from './store';

export interface OperationsDeps {
  store: FiscalStore;
  newUuid: () => string;
  /** Decides injected report failures. */
  faultRandom: SeededRandom;
  reportFail: () => number;
  stepMs: () => number;
  certificateOf: (pemSerialNumber: string) => Pick<ClientCertificateInfo, 'serialNumber' | 'fingerprint256'> | null;
}

const pad4 = (value: number) => String(value).padStart(4, '0');

export class FiscalOperations {
  constructor(private readonly deps: OperationsDeps) {}

  get store(): FiscalStore {
    return this.deps.store;
  }

  merchantOf(pem: Pem): Merchant {
    const merchant = this.deps.store.merchant(pem.merchant_uuid);
    if (!merchant) throw new Error(`PEM ${pem.serial_number} refers to an unknown merchant ${pem.merchant_uuid}`);
    return merchant;
  }

  private requireOpenJournal(pem: Pem, what: string): Journal {
    const journal = this.deps.store.openJournal(pem.serial_number);
    if (!journal) {
      throw conflict(`The PEM ${pem.serial_number} has no open journal, so ${what}. A journal opens with the first commercial document.`);
    }
    return journal;
  }

  /** `POST …/close`: 409 without an open journal; otherwise closes it and queues the journal-closure report. */
  closeJournal(pem: Pem, at: Date): { journal: Journal; job: ReportJob } {
    if (pem.status === 'DISCARDED') throw conflict(`The PEM ${pem.serial_number} is discarded: its journal cannot be closed any more.`);
    const journal = this.requireOpenJournal(pem, 'there is nothing to close');
    journal.status = 'CLOSED';
    journal.closed_at = isoUtc(at);
    pem.last_transmission_at = isoUtc(at);
    const built = buildJournalReport('journal_closure', this.deps.store, this.merchantOf(pem), pem, journal, at);
    const job = this.queue(pem, 'journal_closure', { journal_number: pad4(journal.number) }, built, at);
    return { journal, job };
  }

  requestJournalReading(pem: Pem, at: Date): ReportJob {
    this.assertMayRequest(pem);
    const journal = this.requireOpenJournal(pem, 'there is no journal to read');
    const built = buildJournalReport('journal_reading', this.deps.store, this.merchantOf(pem), pem, journal, at);
    return this.queue(pem, 'journal_reading', { journal_number: pad4(journal.number) }, built, at);
  }

  requestDiagnostics(pem: Pem, at: Date): ReportJob {
    this.assertMayRequest(pem);
    this.requireOpenJournal(pem, 'diagnostics cannot be read from it');
    const built = buildDiagnosticsReport(this.deps.store, this.merchantOf(pem), pem, this.deps.certificateOf(pem.serial_number), at);
    return this.queue(pem, 'diagnostics', {}, built, at);
  }

  requestReceiptsReport(pem: Pem, request: ReceiptsReportRequest, at: Date): ReportJob {
    this.assertMayRequest(pem);
    const built = buildReceiptsReport(request.type, this.deps.store, this.merchantOf(pem), pem, request.filter, at);
    return this.queue(pem, request.type === 'details' ? 'receipts_details' : 'receipts_summary', request.parameters, built, at);
  }

  private assertMayRequest(pem: Pem): void {
    if (pem.status === 'DISCARDED') throw conflict(`The PEM ${pem.serial_number} is discarded: no new reports can be requested for it.`);
  }

  /** Whether the PEM may issue documents; throws 409 with the reason. */
  assertCanIssue(pem: Pem): void {
    assertPemCanIssue(pem);
  }

  private queue(pem: Pem, kind: ReportKind, parameters: Record<string, string>, built: BuiltReport, at: Date): ReportJob {
    const job = newReportJob({
      pemSerialNumber: pem.serial_number,
      kind,
      parameters,
      content: built.content,
      totalSteps: built.steps,
      at,
      stepMs: this.deps.stepMs(),
      reportFail: this.deps.reportFail(),
      random: this.deps.faultRandom,
      newUuid: this.deps.newUuid,
    });
    this.deps.store.state.reports.push(job);
    this.deps.store.changed();
    return job;
  }
}

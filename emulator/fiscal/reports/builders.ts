/** The content of each kind of back-office report, and how many parts its generation takes. */
import type { ClientCertificateInfo } from '../../context';
import { isoUtc, romeLocalDate } from '../italian-time';
import type { Journal, Merchant, Pem, Receipt, ReportContent, ReportSection } from '../state';
import type { FiscalStore } from '../store';
import {
  countsRows,
  documentDetailSections,
  documentsSection,
  journalFacts,
  localTime,
  paymentsSection,
  reportHeader,
  vatTotalsSection,
} from './content';
import { stepsForDocuments } from './jobs';

export interface BuiltReport {
  content: ReportContent;
  steps: number;
}

const byNumber = (a: Receipt, b: Receipt) => a.document_number.localeCompare(b.document_number);

function lookupOf(store: FiscalStore, pem: Pem): Map<string, Receipt> {
  return new Map(store.receiptsOf(pem.serial_number).map((receipt) => [receipt.uuid, receipt]));
}

export function buildJournalReport(
  kind: 'journal_closure' | 'journal_reading',
  store: FiscalStore,
  merchant: Merchant,
  pem: Pem,
  journal: Journal,
  now: Date,
): BuiltReport {
  const receipts = store.receiptsOfJournal(pem.serial_number, journal.number).sort(byNumber);
  const nowIso = isoUtc(now);
  const title = kind === 'journal_closure' ? `Journal closure report – journal ${String(journal.number).padStart(4, '0')}` : `Journal reading – journal ${String(journal.number).padStart(4, '0')}`;
  const sections: ReportSection[] = [journalFacts(journal, receipts, nowIso), vatTotalsSection(receipts), paymentsSection(receipts), documentsSection(receipts, lookupOf(store, pem))];
  if (kind === 'journal_closure') {
    sections.push({
      kind: 'facts',
      title: 'Closure',
      rows: [
        ['Closed at', journal.closed_at ? localTime(journal.closed_at) : localTime(nowIso)],
        ['Daily data transmitted to', 'Agenzia delle Entrate (emulated)'],
        ['Outcome', 'accepted'],
      ],
    });
  }
  return {
    content: { ...reportHeader(title, merchant, pem, { from: localTime(journal.opened_at), to: localTime(journal.closed_at ?? nowIso) }), sections },
    steps: stepsForDocuments(receipts.length),
  };
}

/** What the removed telemetry endpoint used to return, as a report. */
export function buildDiagnosticsReport(
  store: FiscalStore,
  merchant: Merchant,
  pem: Pem,
  certificate: Pick<ClientCertificateInfo, 'serialNumber' | 'fingerprint256'> | null,
  now: Date,
): BuiltReport {
  const nowIso = isoUtc(now);
  const open = store.openJournal(pem.serial_number);
  const journals = store.journalsOf(pem.serial_number);
  const lastClosed = journals.filter((journal) => journal.status === 'CLOSED').at(-1);
  const documents = store.receiptsOf(pem.serial_number);
  const openDocuments = open ? store.receiptsOfJournal(pem.serial_number, open.number) : [];
  // a plausible fiscal-memory model: a fixed base plus about 1.7 KB per document and 4 KB per journal
  const capacityKb = 65_536;
  const usedKb = 48 + Math.round(documents.length * 1.7) + journals.length * 4;
  const sections: ReportSection[] = [
    {
      kind: 'facts',
      title: 'PEM status',
      rows: [
        ['Serial number', pem.serial_number],
        ['Status', pem.status],
        ['Device type', pem.type],
        ['Firmware version', pem.firmware_version],
        ['Activated', pem.activated_at ? localTime(pem.activated_at) : 'not activated'],
        ['Cash register', pem.cash_register?.name ?? '—'],
      ],
    },
    {
      kind: 'facts',
      title: 'Journal',
      rows: [
        ['Open journal', open ? `${String(open.number).padStart(4, '0')} since ${localTime(open.opened_at)}` : 'none'],
        ['Documents in the open journal', String(openDocuments.length)],
        ['Last closed journal', lastClosed ? `${String(lastClosed.number).padStart(4, '0')} at ${localTime(lastClosed.closed_at ?? lastClosed.opened_at)}` : 'none'],
        ['Journals in memory', String(journals.length)],
      ],
    },
    {
      kind: 'facts',
      title: 'Transmission',
      rows: [
        ['Last transmission', pem.last_transmission_at ? localTime(pem.last_transmission_at) : 'never'],
        ['Connection', pem.status === 'ONLINE' ? 'connected' : pem.status === 'OFFLINE' ? 'offline: documents are kept and sent when the PEM is back online' : 'not connected'],
        ['Documents waiting to be sent', '0'],
        ['Failed transmissions in the last 24 hours', '0'],
      ],
    },
    {
      kind: 'facts',
      title: 'Memory',
      rows: [
        ['Fiscal memory used', `${usedKb} KB of ${capacityKb} KB (${((usedKb / capacityKb) * 100).toFixed(2)} %)`],
        ['Documents stored', String(documents.length)],
        ['Free', `${capacityKb - usedKb} KB`],
      ],
    },
    {
      kind: 'facts',
      title: 'Device certificate and clock',
      rows: [
        ['Certificate serial number', certificate?.serialNumber ?? 'no cash register certificate'],
        ['Certificate SHA-256 fingerprint', certificate?.fingerprint256 ?? '—'],
        ['Clock checked at', localTime(nowIso)],
        ['Clock offset', '0 s'],
      ],
    },
  ];
  return {
    content: { ...reportHeader('Diagnostics report', merchant, pem, { from: localTime(nowIso), to: localTime(nowIso) }), sections },
    steps: 3,
  };
}

export type ReceiptsFilter =
  | { kind: 'number'; document_number: string }
  | { kind: 'number_range'; from: string; to: string }
  | { kind: 'date_range'; from: string; to: string };

export function selectReceipts(store: FiscalStore, pem: Pem, filter: ReceiptsFilter): Receipt[] {
  const receipts = store.receiptsOf(pem.serial_number);
  const selected = receipts.filter((receipt) => {
    switch (filter.kind) {
      case 'number':
        return receipt.document_number === filter.document_number;
      case 'number_range':
        return receipt.document_number >= filter.from && receipt.document_number <= filter.to;
      case 'date_range': {
        const date = receipt.document_datetime.slice(0, 10);
        return date >= filter.from && date <= filter.to;
      }
    }
  });
  return selected.sort(byNumber);
}

function describeFilter(filter: ReceiptsFilter): string {
  switch (filter.kind) {
    case 'number':
      return `document ${filter.document_number}`;
    case 'number_range':
      return `documents ${filter.from} to ${filter.to}`;
    case 'date_range':
      return `documents dated ${filter.from} to ${filter.to}`;
  }
}

export function buildReceiptsReport(
  type: 'details' | 'summary',
  store: FiscalStore,
  merchant: Merchant,
  pem: Pem,
  filter: ReceiptsFilter,
  now: Date,
): BuiltReport {
  const receipts = selectReceipts(store, pem, filter);
  const lookup = lookupOf(store, pem);
  const period =
    filter.kind === 'date_range'
      ? { from: filter.from, to: filter.to }
      : {
          from: receipts[0]?.document_datetime.replace('T', ' ') ?? romeLocalDate(now),
          to: receipts.at(-1)?.document_datetime.replace('T', ' ') ?? romeLocalDate(now),
        };
  const selection: ReportSection = { kind: 'facts', title: 'Selection', rows: [['Filter', describeFilter(filter)], ...countsRows(receipts)] };
  const sections: ReportSection[] =
    type === 'summary'
      ? [selection, vatTotalsSection(receipts), paymentsSection(receipts), documentsSection(receipts, lookup, 'Documents included')]
      : [selection, ...documentDetailSections(receipts, lookup), vatTotalsSection(receipts), paymentsSection(receipts)];
  if (type === 'details' && receipts.length === 0) {
    sections.splice(1, 0, { kind: 'facts', title: 'Documents', rows: [['Result', 'No commercial documents match the selection.']] });
  }
  return {
    content: {
      ...reportHeader(type === 'summary' ? 'Commercial documents – summary' : 'Commercial documents – details', merchant, pem, period),
      sections,
    },
    steps: stepsForDocuments(receipts.length),
  };
}

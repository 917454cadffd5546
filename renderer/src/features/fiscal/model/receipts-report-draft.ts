/**
 * The receipts report form (DESIGN §5.2): `details` or `summary`, filtered by exactly one of a
 * document number (details only), a document number range or a date range.
 */
import { DOCUMENT_NUMBER_PATTERN } from '../../../../../shared/contract/fiscal';
import type { ReceiptsReportFilter, ReceiptsReportInput } from '../../../../../shared/contract';
import type { FieldProblem } from './amount-check';

export type ReportKind = 'details' | 'summary';
export type FilterKind = ReceiptsReportFilter['kind'];

export interface ReceiptsReportDraft {
  type: ReportKind;
  filterKind: FilterKind;
  documentNumber: string;
  numberFrom: string;
  numberTo: string;
  dateFrom: string;
  dateTo: string;
}

export const filterKindsFor = (type: ReportKind): FilterKind[] =>
  type === 'details' ? ['number', 'numberRange', 'dateRange'] : ['numberRange', 'dateRange'];

export function emptyReceiptsReportDraft(today: string): ReceiptsReportDraft {
  return { type: 'summary', filterKind: 'dateRange', documentNumber: '', numberFrom: '', numberTo: '', dateFrom: today, dateTo: today };
}

/** Switching to summary leaves the single-number filter, which summary does not take. */
export function withType(draft: ReceiptsReportDraft, type: ReportKind): ReceiptsReportDraft {
  const filterKind = filterKindsFor(type).includes(draft.filterKind) ? draft.filterKind : 'numberRange';
  return { ...draft, type, filterKind };
}

const isCalendarDate = (value: string): boolean => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

function numberProblem(value: string): FieldProblem | null {
  if (value.trim() === '') return { key: 'documentNumber.empty' };
  return DOCUMENT_NUMBER_PATTERN.test(value.trim()) ? null : { key: 'documentNumber.format', values: { value } };
}

function dateProblem(value: string): FieldProblem | null {
  if (value.trim() === '') return { key: 'date.empty' };
  return isCalendarDate(value) ? null : { key: 'date.format', values: { value } };
}

/** Problems keyed by field name of the draft (documentNumber, numberFrom, …). */
export function receiptsReportProblems(draft: ReceiptsReportDraft): Record<string, FieldProblem> {
  const problems: Record<string, FieldProblem> = {};
  const add = (field: keyof ReceiptsReportDraft, problem: FieldProblem | null) => {
    if (problem) problems[field] = problem;
  };
  if (draft.filterKind === 'number') {
    if (draft.type === 'summary') problems.filterKind = { key: 'report.summaryNoNumber' };
    add('documentNumber', numberProblem(draft.documentNumber));
  } else if (draft.filterKind === 'numberRange') {
    add('numberFrom', numberProblem(draft.numberFrom));
    add('numberTo', numberProblem(draft.numberTo));
    if (!problems.numberFrom && !problems.numberTo && draft.numberFrom.trim() > draft.numberTo.trim()) {
      problems.numberTo = { key: 'report.endBeforeStart', values: { from: draft.numberFrom.trim(), to: draft.numberTo.trim() } };
    }
  } else {
    add('dateFrom', dateProblem(draft.dateFrom));
    add('dateTo', dateProblem(draft.dateTo));
    if (!problems.dateFrom && !problems.dateTo && draft.dateFrom > draft.dateTo) {
      problems.dateTo = { key: 'report.endBeforeStart', values: { from: draft.dateFrom, to: draft.dateTo } };
    }
  }
  return problems;
}

export function toReceiptsReportInput(draft: ReceiptsReportDraft, serialNumber: string): ReceiptsReportInput {
  const filter: ReceiptsReportFilter =
    draft.filterKind === 'number'
      ? { kind: 'number', documentNumber: draft.documentNumber.trim() }
      : draft.filterKind === 'numberRange'
        ? { kind: 'numberRange', from: draft.numberFrom.trim(), to: draft.numberTo.trim() }
        : { kind: 'dateRange', from: draft.dateFrom, to: draft.dateTo };
  return { serialNumber, type: draft.type, filter };
}

/** Maps the contract's field paths (from a server `validation` error) onto the draft's fields. */
export function draftFieldOfPath(path: string, filterKind: FilterKind): keyof ReceiptsReportDraft | 'filterKind' | null {
  if (path === 'filter.kind' || path === 'type') return 'filterKind';
  if (path === 'filter.documentNumber') return 'documentNumber';
  if (path === 'filter.from') return filterKind === 'dateRange' ? 'dateFrom' : 'numberFrom';
  if (path === 'filter.to') return filterKind === 'dateRange' ? 'dateTo' : 'numberTo';
  return null;
}

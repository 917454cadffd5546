/**
 * The emergency report form: documents issued while the PEM could not be used, declared per VAT
 * treatment with an ATECO code each (exactly 6 uppercase letters or digits since October 2026).
 */
import type { EmergencyReportInput } from '../../../../../shared/contract';
import { fiscalInstant, romeWallClock } from '../../../../../shared/format/fiscal-time';
import { isVatCode, type VatCode } from '../../../../../shared/validation/vat';
import { amountProblem, atecoProblem, padDecimals, type FieldProblem } from './amount-check';
import { draftId } from './receipt-draft';

export interface EntryDraft {
  id: string;
  vatCode: VatCode | '';
  partialAmount: string;
  vatAmount: string;
  atecoCode: string;
}

export interface EmergencyDraft {
  /** Italian legal time (the Europe/Rome wall clock, as fiscal times are), minutes: "2026-10-08T19:30". */
  datetime: string;
  documentsCount: string;
  cashPaymentAmount: string;
  electronicPaymentAmount: string;
  entries: EntryDraft[];
}

export const emptyEntry = (atecoCode = ''): EntryDraft => ({ id: draftId(), vatCode: '22.00', partialAmount: '', vatAmount: '', atecoCode });

/** An instant as the Rome wall clock, to the minute: "2026-10-08T19:30". */
export const romeDateTimeValue = (date: Date): string => romeWallClock(date).slice(0, 16).replace(' ', 'T');

export const emptyEmergencyDraft = (now: Date, atecoCode = ''): EmergencyDraft => ({
  datetime: romeDateTimeValue(now),
  documentsCount: '',
  cashPaymentAmount: '',
  electronicPaymentAmount: '',
  entries: [emptyEntry(atecoCode)],
});

/** The instant of a Rome wall-clock value, whatever this computer's time zone. */
const parseRome = (value: string): Date | null => {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null;
  return fiscalInstant(value);
};

/** Amounts as they will be sent ("12" → "12.00"); empty optional amounts stay empty. */
export function normalizedEmergency(draft: EmergencyDraft): EmergencyDraft {
  const pad = (value: string) => (value.trim() === '' ? value : padDecimals(value));
  return {
    ...draft,
    cashPaymentAmount: pad(draft.cashPaymentAmount),
    electronicPaymentAmount: pad(draft.electronicPaymentAmount),
    entries: draft.entries.map((entry) => ({ ...entry, partialAmount: pad(entry.partialAmount), vatAmount: pad(entry.vatAmount) })),
  };
}

export function emergencyProblems(draft: EmergencyDraft, now: Date): Record<string, FieldProblem> {
  const problems: Record<string, FieldProblem> = {};
  const when = parseRome(draft.datetime);
  if (draft.datetime.trim() === '') problems.datetime = { key: 'emergency.datetimeEmpty' };
  else if (!when) problems.datetime = { key: 'emergency.datetimeFormat' };
  else if (when.getTime() > now.getTime() + 60_000) problems.datetime = { key: 'emergency.datetimeFuture' };
  if (draft.documentsCount.trim() !== '' && !/^[1-9]\d{0,6}$/.test(draft.documentsCount.trim())) {
    problems.documentsCount = { key: 'emergency.documentsCount' };
  }
  const cash = amountProblem(draft.cashPaymentAmount, { required: false });
  if (cash) problems.cashPaymentAmount = cash;
  const electronic = amountProblem(draft.electronicPaymentAmount, { required: false });
  if (electronic) problems.electronicPaymentAmount = electronic;
  if (draft.entries.length === 0) problems.entries = { key: 'emergency.noEntries' };
  draft.entries.forEach((entry, index) => {
    const at = (field: string) => `entries.${index}.${field}`;
    if (entry.vatCode === '' || !isVatCode(entry.vatCode)) problems[at('vatCode')] = { key: 'vat.required' };
    const partial = amountProblem(entry.partialAmount);
    if (partial) problems[at('partialAmount')] = partial;
    const vat = amountProblem(entry.vatAmount, { required: false });
    if (vat) problems[at('vatAmount')] = vat;
    const ateco = atecoProblem(entry.atecoCode);
    if (ateco) problems[at('atecoCode')] = ateco;
  });
  return problems;
}

export function toEmergencyInput(draft: EmergencyDraft, serialNumber: string): EmergencyReportInput {
  const when = parseRome(draft.datetime) ?? new Date(draft.datetime);
  return {
    serialNumber,
    datetime: when.toISOString(),
    ...(draft.documentsCount.trim() === '' ? {} : { documentsCount: Number(draft.documentsCount.trim()) }),
    ...(draft.cashPaymentAmount.trim() === '' ? {} : { cashPaymentAmount: draft.cashPaymentAmount.trim() }),
    ...(draft.electronicPaymentAmount.trim() === '' ? {} : { electronicPaymentAmount: draft.electronicPaymentAmount.trim() }),
    entries: draft.entries.map((entry) => ({
      vatCode: entry.vatCode,
      partialAmount: entry.partialAmount,
      ...(entry.vatAmount.trim() === '' ? {} : { vatAmount: entry.vatAmount.trim() }),
      atecoCode: entry.atecoCode,
    })),
  };
}

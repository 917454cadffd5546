import { describe, expect, it } from 'vitest';
import {
  emergencyReportInputSchema,
  receiptIssueInputSchema,
  receiptsReportInputSchema,
} from '../../../../../shared/contract/fiscal';
import { formatAmountUnits } from '../../../../../shared/validation/fiscal-amounts';
import { newCodeProblem, serverProblemsByCode } from './ateco-draft';
import { padDecimals } from './amount-check';
import { emergencyProblems, emptyEmergencyDraft, toEmergencyInput } from './emergency-draft';
import { emptyItem, emptyPayment, receiptProblems, receiptTotals, toIssueInput, withAutoPayments, type ReceiptDraft } from './receipt-draft';
import { emptyReceiptsReportDraft, receiptsReportProblems, toReceiptsReportInput, withType } from './receipts-report-draft';
import { certificateValidity, progressPercent } from './status';

const money = (units: bigint) => formatAmountUnits(units, 2);

const coffeeAndCake = (): ReceiptDraft => ({
  items: [
    { ...emptyItem(), description: 'Espresso', quantity: '2.00', unitPrice: '1.20', vatCode: '10.00' },
    { ...emptyItem(), description: 'Cake', quantity: '1.00', unitPrice: '3.50', vatCode: '22.00', atecoCode: '561011' },
  ],
  payments: [emptyPayment('cash')],
});

describe('receipt draft', () => {
  it('computes line totals, VAT per treatment and fills the first payment with what is left', () => {
    const draft = withAutoPayments(coffeeAndCake());
    const totals = receiptTotals(draft);
    expect(money(totals.total)).toBe('5.90');
    expect(totals.vatLines.map((line) => [line.vatCode, money(line.gross), money(line.vat)])).toEqual([
      ['10.00', '2.40', '0.22'],
      ['22.00', '3.50', '0.63'],
    ]);
    expect(draft.payments[0]?.amount).toBe('5.90');
    expect(receiptProblems(draft, money)).toEqual({});
  });

  it('produces an input the contract accepts', () => {
    const input = toIssueInput(withAutoPayments(coffeeAndCake()), 'E001-000001');
    expect(receiptIssueInputSchema.safeParse(input).success).toBe(true);
    expect(input.items[1]).toMatchObject({ atecoCode: '561011', vatCode: '22.00' });
    expect(input.items[0]).not.toHaveProperty('atecoCode');
  });

  it('names each wrong value with the shared validators and checks that payments match the total', () => {
    const draft: ReceiptDraft = {
      items: [{ ...emptyItem(), description: ' ', quantity: '1', unitPrice: '3,50', vatCode: '', atecoCode: '47.11.10' }],
      payments: [{ ...emptyPayment('cash', false), amount: '1.00' }],
    };
    const problems = receiptProblems(draft, money);
    expect(problems['items.0.description']?.key).toBe('description.empty');
    expect(problems['items.0.quantity']?.key).toBe('quantity.decimals');
    expect(problems['items.0.unitPrice']?.key).toBe('amount.comma');
    expect(problems['items.0.vatCode']?.key).toBe('vat.required');
    expect(problems['items.0.atecoCode']).toMatchObject({ key: 'ateco.separators', values: { normalized: '471110' } });

    const short = receiptProblems({ ...coffeeAndCake(), payments: [{ ...emptyPayment('cash', false), amount: '5.00' }] }, money);
    expect(short.payments).toEqual({ key: 'payments.short', values: { paid: '5.00', total: '5.90' } });
    const over = receiptProblems({ ...coffeeAndCake(), payments: [{ ...emptyPayment('uncollected_goods', false), amount: '6.00' }] }, money);
    expect(over.payments?.key).toBe('payments.over');
  });

  it('pads what people type into the service format only when unambiguous', () => {
    expect(padDecimals('3')).toBe('3.00');
    expect(padDecimals('3.5')).toBe('3.50');
    expect(padDecimals('3,5')).toBe('3,5');
    expect(padDecimals('3.555')).toBe('3.555');
  });
});

describe('receipts report draft', () => {
  it('refuses an end before the start and a malformed document number', () => {
    const draft = { ...emptyReceiptsReportDraft('2026-10-08'), filterKind: 'numberRange' as const, numberFrom: '0002-0001', numberTo: '0001-0009' };
    expect(receiptsReportProblems(draft).numberTo?.key).toBe('report.endBeforeStart');
    expect(receiptsReportProblems({ ...draft, numberFrom: '2-1' }).numberFrom?.key).toBe('documentNumber.format');
    expect(receiptsReportProblems({ ...draft, filterKind: 'dateRange', dateFrom: '2026-02-30' }).dateFrom?.key).toBe('date.format');
  });

  it('leaves the single-number filter when switching to summary and builds a valid input', () => {
    const details = { ...withType(emptyReceiptsReportDraft('2026-10-08'), 'details'), filterKind: 'number' as const, documentNumber: '0001-0002' };
    expect(withType(details, 'summary').filterKind).toBe('numberRange');
    expect(receiptsReportInputSchema.safeParse(toReceiptsReportInput(details, 'E001-000001')).success).toBe(true);
    const summary = emptyReceiptsReportDraft('2026-10-08');
    expect(receiptsReportProblems(summary)).toEqual({});
    expect(toReceiptsReportInput(summary, 'E001-000001')).toEqual({
      serialNumber: 'E001-000001',
      type: 'summary',
      filter: { kind: 'dateRange', from: '2026-10-08', to: '2026-10-08' },
    });
  });
});

describe('ATECO editor model', () => {
  it('checks a new code with the shared validator, then for duplicates', () => {
    const rows = [{ code: '471110', description: 'Minimarket' }];
    expect(newCodeProblem('4711', rows)?.key).toBe('ateco.tooShort');
    expect(newCodeProblem('47111', rows)?.key).toBe('ateco.old_format');
    expect(newCodeProblem('47a110', rows)?.key).toBe('ateco.lowercase');
    expect(newCodeProblem('471110', rows)).toEqual({ key: 'ateco.duplicate', values: { value: '471110' } });
    expect(newCodeProblem('561011', rows)).toBeNull();
  });

  it('puts the server’s messages next to the code they name', () => {
    const rows = [{ code: '471110', description: null }, { code: 'ZZZZZZ', description: null }];
    expect(serverProblemsByCode({ 'codes.1': 'Unknown ATECO code.', codes: 'Too many.' }, rows)).toEqual({ ZZZZZZ: 'Unknown ATECO code.', '': 'Too many.' });
  });
});

describe('emergency report draft', () => {
  const now = new Date('2026-10-08T18:00:00Z');

  it('requires an ATECO code of 6 uppercase characters on every entry', () => {
    const draft = emptyEmergencyDraft(now, '');
    draft.entries[0] = { ...draft.entries[0]!, partialAmount: '12.00' };
    expect(emergencyProblems(draft, now)['entries.0.atecoCode']?.key).toBe('ateco.empty');
    draft.entries[0] = { ...draft.entries[0]!, atecoCode: '47111' };
    expect(emergencyProblems(draft, now)['entries.0.atecoCode']?.key).toBe('ateco.old_format');
  });

  it('starts at the current time on Rome’s clock and sends what was typed as Italian legal time, whatever this computer’s zone', () => {
    // 18:00 UTC is 20:00 in Rome (summer time); the computer running the test may be anywhere.
    expect(emptyEmergencyDraft(now, '471110').datetime).toBe('2026-10-08T20:00');
    const draft = { ...emptyEmergencyDraft(now, '471110'), datetime: '2026-10-08T19:30' };
    expect(toEmergencyInput(draft, 'E001-000001').datetime).toBe('2026-10-08T17:30:00.000Z');
    // Winter time: Rome is UTC+1.
    expect(toEmergencyInput({ ...draft, datetime: '2026-12-01T09:05' }, 'E001-000001').datetime).toBe('2026-12-01T08:05:00.000Z');
    // 21:00 in Rome is 19:00 UTC, after `now`: in the future.
    expect(emergencyProblems({ ...draft, datetime: '2026-10-08T21:00' }, now).datetime?.key).toBe('emergency.datetimeFuture');
    expect(emergencyProblems({ ...draft, datetime: '2026-10-08T19:59' }, now).datetime).toBeUndefined();
  });

  it('builds an input the contract accepts', () => {
    const draft = { ...emptyEmergencyDraft(now, '471110'), documentsCount: '3', cashPaymentAmount: '12.00' };
    draft.entries[0] = { ...draft.entries[0]!, partialAmount: '12.00' };
    expect(emergencyProblems(draft, now)).toEqual({});
    expect(emergencyReportInputSchema.safeParse(toEmergencyInput(draft, 'E001-000001')).success).toBe(true);
  });
});

describe('status', () => {
  it('marks certificates amber from 30 days left and red once expired', () => {
    expect(certificateValidity({ expired: false, expiresSoon: false, daysLeft: 31 })).toBe('valid');
    expect(certificateValidity({ expired: false, expiresSoon: true, daysLeft: 30 })).toBe('expiring');
    expect(certificateValidity({ expired: true, expiresSoon: true, daysLeft: -1 })).toBe('expired');
  });

  it('turns report progress into a percentage', () => {
    expect(progressPercent({ generated: 1, total: 4 }, 'queued')).toBe(25);
    expect(progressPercent({ generated: 0, total: 0 }, 'queued')).toBe(0);
    expect(progressPercent({ generated: 2, total: 4 }, 'processed')).toBe(100);
  });
});

/** Emergency reports (the daily totals a PEM sends when it could not issue documents): shared by MF1 and MF2. */
import { z } from 'zod';
import { atecoCodeSchema } from '../../shared/validation/ateco';
import { amountStringSchema } from '../../shared/validation/fiscal-amounts';
import { vatCodeSchema } from '../../shared/validation/vat';
import { parseOrThrow } from './http/problems';
import { isoUtc } from './italian-time';
import type { EmergencyReport, Pem } from './state';
import type { FiscalStore } from './store';

const isoDateTime = z.string().refine((value) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/.test(value) && !Number.isNaN(Date.parse(value)), {
  message: 'datetime must be an ISO 8601 date and time, e.g. "2026-10-08T19:30:00+02:00".',
});

const emergencyEntrySchema = z
  .object({
    vat_rate_code: vatCodeSchema.nullish(),
    vat_amount: amountStringSchema('vat_amount').nullish(),
    simplified_vat_allocation: z.boolean().default(false),
    partial_amount: amountStringSchema('partial_amount'),
    total_returned_amount: amountStringSchema('total_returned_amount').nullish(),
    total_voided_amount: amountStringSchema('total_voided_amount').nullish(),
    total_prepaid_or_voucher_amount: amountStringSchema('total_prepaid_or_voucher_amount').nullish(),
    total_uncollected_services: amountStringSchema('total_uncollected_services').nullish(),
    total_uncollected_invoiced: amountStringSchema('total_uncollected_invoiced').nullish(),
    total_uncollected_dcr_to_ssn: amountStringSchema('total_uncollected_dcr_to_ssn').nullish(),
    total_uncollected_complimentary: amountStringSchema('total_uncollected_complimentary').nullish(),
    ateco_code: atecoCodeSchema,
  })
  .superRefine((entry, context) => {
    if ((entry.vat_rate_code ?? null) === null && !entry.simplified_vat_allocation) {
      context.addIssue({ code: 'custom', path: ['vat_rate_code'], message: 'Set a VAT code, or simplified_vat_allocation: true ("Ventilazione IVA") with no VAT code.' });
    }
  });

export const emergencyReportSchema = z.object({
  datetime: isoDateTime,
  documents_count: z.number().int().min(1).optional(),
  cash_payment_amount: amountStringSchema('cash_payment_amount').optional(),
  electronic_payment_amount: amountStringSchema('electronic_payment_amount').optional(),
  ticket_restaurant_payment_amount: amountStringSchema('ticket_restaurant_payment_amount').optional(),
  ticket_restaurant_quantity: z.number().int().min(0).optional(),
  entries: z.array(emergencyEntrySchema).min(1),
});

export function emergencyOutput(report: EmergencyReport) {
  return { id: report.id, closed_at: report.closed_at, pem_serial_number: report.pem_serial_number, datetime: report.datetime, documents_count: report.documents_count, entries: report.entries };
}

/** Validates the body (422 per field) and stores the report. The caller checks the PEM's status. */
export function createEmergencyReport(store: FiscalStore, pem: Pem, body: unknown, at: Date): EmergencyReport {
  const input = parseOrThrow(emergencyReportSchema, body, 'body');
  const report: EmergencyReport = {
    id: store.state.emergency_reports.reduce((max, candidate) => Math.max(max, candidate.id), 0) + 1,
    pem_serial_number: pem.serial_number,
    datetime: input.datetime,
    closed_at: isoUtc(at),
    documents_count: input.documents_count ?? null,
    cash_payment_amount: input.cash_payment_amount ?? null,
    electronic_payment_amount: input.electronic_payment_amount ?? null,
    ticket_restaurant_payment_amount: input.ticket_restaurant_payment_amount ?? null,
    ticket_restaurant_quantity: input.ticket_restaurant_quantity ?? null,
    entries: input.entries.map((entry) => ({ ...entry })),
  };
  store.state.emergency_reports.push(report);
  store.changed();
  return report;
}

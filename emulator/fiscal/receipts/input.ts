/**
 * Request bodies of the receipt endpoints: the reference's ReceiptInput and return/void inputs,
 * with the October 2026 rules (VAT codes, `payments` with `uncollected_goods`, `ateco_code`).
 */
import { z } from 'zod';
import { atecoCodeSchema } from '../../../shared/validation/ateco';
import { amountStringSchema, quantityStringSchema } from '../../../shared/validation/fiscal-amounts';
import { vatCodeSchema } from '../../../shared/validation/vat';
import { type PaymentType, paymentTypes } from '../state';

export const DOCUMENT_NUMBER_PATTERN = /^\d{4}-\d{4}$/;
const LOCAL_DATETIME_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;

const documentNumberSchema = z.string().superRefine((value, context) => {
  if (!DOCUMENT_NUMBER_PATTERN.test(value)) {
    context.addIssue({ code: 'custom', message: `"${value}" is not a document number; they read like "0001-0001" (journal number, dash, progressive number).` });
  }
});

const localDateTimeSchema = z.string().superRefine((value, context) => {
  if (!LOCAL_DATETIME_PATTERN.test(value) || Number.isNaN(Date.parse(`${value}Z`))) {
    context.addIssue({ code: 'custom', message: `"${value}" is not a date and time like "2026-10-08T16:20:42".` });
  }
});

export const paymentTypeSchema = z.string().transform((value, context): PaymentType => {
  if ((paymentTypes as readonly string[]).includes(value)) return value as PaymentType;
  context.addIssue({
    code: 'custom',
    message:
      value === 'credit'
        ? "payment_type 'credit' was renamed 'uncollected_goods' in the October 2026 release: send 'uncollected_goods'."
        : `'${value}' is not a payment type; use one of ${paymentTypes.join(', ')}.`,
  });
  return z.NEVER;
});

export const receiptItemSchema = z
  .object({
    type: z.enum(['goods', 'service']).default('goods'),
    quantity: quantityStringSchema('quantity'),
    description: z.string().min(1).max(1000),
    unit_price: amountStringSchema('unit_price'),
    vat_rate_code: vatCodeSchema.nullable(),
    simplified_vat_allocation: z.boolean().default(false),
    discount: amountStringSchema('discount').optional(),
    prepaid_or_voucher: z.boolean().default(false),
    complimentary: z.boolean().default(false),
    ateco_code: atecoCodeSchema.nullish(),
  })
  .superRefine((item, context) => {
    if (item.vat_rate_code === null && !item.simplified_vat_allocation) {
      context.addIssue({
        code: 'custom',
        path: ['vat_rate_code'],
        message: 'vat_rate_code is null, which is only allowed with simplified_vat_allocation: true ("Ventilazione IVA"); set a VAT code.',
      });
    }
    if (item.vat_rate_code !== null && item.simplified_vat_allocation) {
      context.addIssue({ code: 'custom', path: ['vat_rate_code'], message: 'With simplified_vat_allocation: true ("Ventilazione IVA") vat_rate_code must be null.' });
    }
  });
export type ReceiptItemInput = z.output<typeof receiptItemSchema>;

const zeroAmount = (label: string) => amountStringSchema(label).default('0.00');

export const paymentSchema = z.object({ payment_type: paymentTypeSchema, amount: amountStringSchema('amount') });

export const saleReceiptSchema = z
  .object({
    items: z.array(receiptItemSchema).min(1),
    customer_tax_code: z.string().regex(/^[A-Z0-9]{11,16}$/).nullish(),
    customer_lottery_code: z.string().max(16).nullish(),
    discount: zeroAmount('discount'),
    invoice_issuing: z.boolean().default(false),
    uncollected_dcn_to_ssn: z.boolean().default(false),
    services_uncollected_amount: zeroAmount('services_uncollected_amount'),
    goods_uncollected_amount: zeroAmount('goods_uncollected_amount'),
    cash_payment_amount: zeroAmount('cash_payment_amount'),
    electronic_payment_amount: zeroAmount('electronic_payment_amount'),
    ticket_restaurant_payment_amount: zeroAmount('ticket_restaurant_payment_amount'),
    ticket_restaurant_quantity: z.number().int().min(0).default(0),
    payments: z.array(paymentSchema).default([]),
  })
  .superRefine((receipt, context) => {
    if (receipt.customer_tax_code && receipt.customer_lottery_code) {
      context.addIssue({ code: 'custom', path: ['customer_lottery_code'], message: 'Set either customer_tax_code or customer_lottery_code, not both.' });
    }
  });
export type SaleReceiptInput = z.output<typeof saleReceiptSchema>;

/** `POST /receipts/return`: items of a sale receipt of the same PEM, by item id. */
export const returnViaSamePosSchema = z.object({
  items: z.array(z.object({ id: z.number().int().min(1), quantity: quantityStringSchema('quantity') })).min(1),
  document_number: documentNumberSchema,
});

/** `DELETE /receipts`: void a sale receipt of the same PEM. */
export const voidViaSamePosSchema = z.object({ document_number: documentNumberSchema });

export const returnViaDifferentDeviceSchema = z.object({
  device_id: z.string().min(1),
  items: z.array(receiptItemSchema).min(1),
  document_number: documentNumberSchema,
  document_datetime: localDateTimeSchema,
  lottery_code: z.string().nullish(),
});

export const voidViaDifferentDeviceSchema = returnViaDifferentDeviceSchema;

export const withProofSchema = z.object({
  items: z.array(receiptItemSchema).min(1),
  proof: z.enum(['POS', 'VR', 'ND']),
  document_datetime: localDateTimeSchema,
});

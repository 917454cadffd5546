/**
 * MF1 receipts: issuing (sale, return and void variants) only on the mTLS listener by the cash
 * register whose certificate is presented; lists and details on both listeners.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { pemOr404, param, type FiscalDeps } from '../deps';
import { requireAccount, requireCashRegister } from '../http/access';
import { callerOf, mayAccess } from '../logins';
import { mf1Page, mf1PageQuery } from '../http/mf1-replies';
import { FieldValidationError, forbidden, notFound, parseOrThrow, unauthorized, type FieldProblem } from '../http/problems';
import { toRomeLocalDateTime } from '../italian-time';
import { assertPemCanIssue, type IssueContext, issueReturnOfOwnSale, issueSale, issueUnlinked, issueVoidOfOwnSale } from '../receipts/issue';
import {
  returnViaDifferentDeviceSchema,
  returnViaSamePosSchema,
  saleReceiptSchema,
  voidViaDifferentDeviceSchema,
  voidViaSamePosSchema,
  withProofSchema,
} from '../receipts/input';
import { receiptDetailsOutput, receiptOutput, returnableItemsOutput } from '../receipts/output';
import { renderReceiptPdf } from '../receipts/pdf';
import type { Receipt } from '../state';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const listQuerySchema = z.object({
  status: z.enum(['ready', 'sent']).default('sent'),
  'order[document_number]': z.enum(['desc', 'asc']).default('desc'),
  document_number: z.string().optional(),
  type: z.union([z.enum(['sale', 'return', 'void']), z.array(z.enum(['sale', 'return', 'void']))]).optional(),
  serial_number: z.string().optional(),
});

const datetimeBounds = [
  ['document_datetime[before]', (value: string, bound: string) => value <= bound, true],
  ['document_datetime[strictly_before]', (value: string, bound: string) => value < bound, true],
  ['document_datetime[after]', (value: string, bound: string) => value >= bound, false],
  ['document_datetime[strictly_after]', (value: string, bound: string) => value > bound, false],
] as const;

/** The reference's receipt list filters, applied to `receipts`. */
function filterReceipts(receipts: readonly Receipt[], rawQuery: unknown): Receipt[] {
  const query = (typeof rawQuery === 'object' && rawQuery !== null ? rawQuery : {}) as Record<string, unknown>;
  const input = parseOrThrow(listQuerySchema, query, 'query');
  const problems: FieldProblem[] = [];
  const bounds: { test: (value: string, bound: string) => boolean; bound: string }[] = [];
  for (const [name, test, endOfDay] of datetimeBounds) {
    const value = query[name];
    if (value === undefined || value === '') continue;
    const bound = typeof value === 'string' ? toRomeLocalDateTime(value, endOfDay) : null;
    if (bound === null) {
      problems.push({ path: [name], type: 'datetime_from_date_parsing', message: `Input should be a valid datetime like 2026-10-08T16:20:42; got "${String(value)}"` });
    } else {
      bounds.push({ test, bound });
    }
  }
  if (problems.length > 0) throw new FieldValidationError('query', problems);
  const types = input.type === undefined ? null : new Set(Array.isArray(input.type) ? input.type : [input.type]);
  const selected = receipts.filter(
    (receipt) =>
      input.status === 'sent' &&
      (input.document_number === undefined || receipt.document_number === input.document_number) &&
      (types === null || types.has(receipt.type)) &&
      bounds.every(({ test, bound }) => test(receipt.document_datetime, bound)),
  );
  const direction = input['order[document_number]'] === 'asc' ? 1 : -1;
  return selected.sort((a, b) => direction * (a.document_number.localeCompare(b.document_number) || a.pem_serial_number.localeCompare(b.pem_serial_number)));
}

export function registerMf1Receipts(scope: FastifyInstance, deps: FiscalDeps): void {
  const { ctx, store } = deps;

  /** Checks who issues (mTLS cash register + writer token) and that its PEM may issue. */
  const issuing = async (request: FastifyRequest): Promise<IssueContext> => {
    if (deps.listener !== 'mtls') {
      throw unauthorized('Commercial documents are issued on the fiscal mTLS address (HTTPS) with the cash register client certificate and the bearer token.');
    }
    const certificate = requireCashRegister(ctx, request, store.issuedCertificates());
    const caller = callerOf(store, await requireAccount(ctx, request, 'write'));
    const pem = pemOr404(store, certificate.pemSerialNumber);
    if (!mayAccess(caller, pem.merchant_uuid)) {
      throw forbidden(`The account ${caller.account.email} may not issue documents on the PEM ${pem.serial_number}: it belongs to another merchant.`);
    }
    assertPemCanIssue(pem);
    const cashierName = caller.kind === 'cashier' ? (caller.cashier.display_name ?? caller.cashier.name) : null;
    return { store, pem, at: ctx.now(), newUuid: deps.newUuid, cashierName };
  };

  const receiptOr404 = (request: FastifyRequest): Receipt => {
    const uuid = param(request.params, 'receipt_uuid');
    if (!UUID_PATTERN.test(uuid)) {
      throw new FieldValidationError('path', [{ path: ['receipt_uuid'], type: 'uuid_parsing', message: `Input should be a valid UUID; got "${uuid}"` }]);
    }
    const receipt = store.receipt(uuid);
    if (!receipt) throw notFound(`There is no receipt ${uuid}.`);
    return receipt;
  };

  scope.post('/receipts', async (request, reply) => {
    const context = await issuing(request);
    const receipt = issueSale(context, parseOrThrow(saleReceiptSchema, request.body, 'body'));
    return reply.code(201).send(receiptOutput(receipt));
  });

  scope.delete('/receipts', async (request, reply) => {
    const context = await issuing(request);
    issueVoidOfOwnSale(context, parseOrThrow(voidViaSamePosSchema, request.body, 'body'));
    return reply.code(204).send();
  });

  scope.post('/receipts/return', async (request, reply) => {
    const context = await issuing(request);
    const receipt = issueReturnOfOwnSale(context, parseOrThrow(returnViaSamePosSchema, request.body, 'body'));
    return reply.code(201).send(receiptOutput(receipt));
  });

  scope.post('/receipts/return-via-different-device', async (request, reply) => {
    const context = await issuing(request);
    const input = parseOrThrow(returnViaDifferentDeviceSchema, request.body, 'body');
    const receipt = issueUnlinked(context, 'return', input.items, {
      device_id: input.device_id,
      document_number: input.document_number,
      document_datetime: input.document_datetime,
      proof: null,
      lottery_code: input.lottery_code ?? null,
    });
    return reply.code(201).send(receiptOutput(receipt));
  });

  scope.post('/receipts/return-with-proof', async (request, reply) => {
    const context = await issuing(request);
    const input = parseOrThrow(withProofSchema, request.body, 'body');
    const receipt = issueUnlinked(context, 'return', input.items, { device_id: null, document_number: null, document_datetime: input.document_datetime, proof: input.proof, lottery_code: null });
    return reply.code(201).send(receiptOutput(receipt));
  });

  scope.delete('/receipts/void-via-different-device', async (request, reply) => {
    const context = await issuing(request);
    const input = parseOrThrow(voidViaDifferentDeviceSchema, request.body, 'body');
    issueUnlinked(context, 'void', input.items, {
      device_id: input.device_id,
      document_number: input.document_number,
      document_datetime: input.document_datetime,
      proof: null,
      lottery_code: input.lottery_code ?? null,
    });
    return reply.code(204).send();
  });

  scope.delete('/receipts/void-with-proof', async (request, reply) => {
    const context = await issuing(request);
    const input = parseOrThrow(withProofSchema, request.body, 'body');
    issueUnlinked(context, 'void', input.items, { device_id: null, document_number: null, document_datetime: input.document_datetime, proof: input.proof, lottery_code: null });
    return reply.code(204).send();
  });

  // Not in the reference (which lists per point of sale): all receipts, optionally of one PEM (`serial_number`).
  scope.get('/receipts', async (request) => {
    await requireAccount(ctx, request, 'read');
    const { page, size } = mf1PageQuery(request.query);
    const serial = (request.query as Record<string, unknown> | undefined)?.serial_number;
    const receipts = typeof serial === 'string' && serial !== '' ? store.receiptsOf(pemOr404(store, serial).serial_number) : store.state.receipts;
    return mf1Page(filterReceipts(receipts, request.query).map(receiptOutput), page, size);
  });

  scope.get('/pems/:serial_number/receipts', async (request) => {
    await requireAccount(ctx, request, 'read');
    const pem = pemOr404(store, param(request.params, 'serial_number'));
    const { page, size } = mf1PageQuery(request.query);
    return mf1Page(filterReceipts(store.receiptsOf(pem.serial_number), request.query).map(receiptOutput), page, size);
  });

  scope.get('/receipts/:receipt_uuid', async (request) => {
    await requireAccount(ctx, request, 'read');
    return receiptOutput(receiptOr404(request));
  });

  scope.get('/receipts/:receipt_uuid/details', async (request, reply) => {
    await requireAccount(ctx, request, 'read');
    const receipt = receiptOr404(request);
    if (/application\/pdf/.test(request.headers.accept ?? '')) {
      const pem = pemOr404(store, receipt.pem_serial_number);
      const parent = receipt.parent_receipt_uuid ? store.receipt(receipt.parent_receipt_uuid) : undefined;
      const pdf = await renderReceiptPdf(receipt, deps.operations.merchantOf(pem), pem, parent, ctx.now());
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="receipt-${receipt.pem_serial_number}-${receipt.document_number}.pdf"`)
        .send(pdf);
    }
    return receiptDetailsOutput(receipt);
  });

  scope.get('/receipts/:receipt_uuid/returnable-items', async (request) => {
    await requireAccount(ctx, request, 'read');
    return returnableItemsOutput(receiptOr404(request));
  });
}

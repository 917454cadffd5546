/** MF2 (API Platform): merchants, their PEMs and ATECO codes, PEM discard. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { validateAtecoCode } from '../../../shared/validation/ateco';
import { atecoEntry } from '../ateco-catalog';
import { param, type FiscalDeps } from '../deps';
import { requireAccount } from '../http/access';
import { NO_BODY } from '../http/bodies';
import { mf2Collection, mf2Item, mf2Member, mf2PageQuery } from '../http/mf2-replies';
import { FieldValidationError, type FieldProblem, notFound, parseOrThrow } from '../http/problems';
import { isoUtc } from '../italian-time';
import type { Merchant, Pem } from '../state';

const MAX_ATECO_CODES = 50;

const atecoPutSchema = z.object({ ateco_codes: z.array(z.unknown()).max(MAX_ATECO_CODES) });

export const merchantIri = (uuid: string) => `/v1/mf2/merchants/${uuid}`;
export const pemIri = (serial: string) => `/v1/mf2/pems/${encodeURIComponent(serial)}`;

export function merchantBody(merchant: Merchant) {
  return {
    uuid: merchant.uuid,
    vat_number: merchant.vat_number,
    fiscal_code: merchant.fiscal_code,
    email: merchant.email,
    business_name: merchant.business_name,
    first_name: merchant.first_name,
    last_name: merchant.last_name,
    address: merchant.address,
  };
}

/** MF2 writes PEM statuses in lowercase (`online`, `discarded`, ...), as the October 2026 changes name them. */
export function pemBody(pem: Pem) {
  return {
    serial_number: pem.serial_number,
    type: pem.type,
    status: pem.status.toLowerCase(),
    address: pem.address,
    merchant: merchantIri(pem.merchant_uuid),
    merchant_uuid: pem.merchant_uuid,
    cash_register_name: pem.cash_register?.name ?? null,
    configuration: { receipt_header: pem.configuration.receipt_header, display_cash_register_name: pem.configuration.display_cash_register_name },
    activated_at: pem.activated_at,
    discarded_at: pem.discarded_at,
  };
}

export function registerMf2(scope: FastifyInstance, deps: FiscalDeps): void {
  const { ctx, store } = deps;

  const merchantOr404 = (request: FastifyRequest): Merchant => {
    const uuid = param(request.params, 'uuid');
    const merchant = store.merchant(uuid);
    if (!merchant) throw notFound(`There is no merchant ${uuid}.`);
    return merchant;
  };
  const pemOr404 = (request: FastifyRequest): Pem => {
    const serial = param(request.params, 'serial_number');
    const pem = store.pem(serial);
    if (!pem) throw notFound(`There is no PEM with serial number "${serial}".`);
    return pem;
  };
  const atecoCodesBody = (merchant: Merchant) => ({ merchant_uuid: merchant.uuid, ateco_codes: merchant.ateco_codes.map(atecoEntry) });

  scope.get('/merchants', async (request) => {
    await requireAccount(ctx, request, 'read');
    const query = mf2PageQuery(request.query);
    const members = store.state.merchants.map((merchant) => mf2Member(request, { iri: merchantIri(merchant.uuid), type: 'Merchant' }, merchantBody(merchant)));
    return mf2Collection(request, '/v1/mf2/merchants', members, query);
  });

  scope.get('/merchants/:uuid', async (request) => {
    await requireAccount(ctx, request, 'read');
    const merchant = merchantOr404(request);
    return mf2Item(request, { iri: merchantIri(merchant.uuid), type: 'Merchant' }, merchantBody(merchant));
  });

  scope.get('/merchants/:uuid/pems', async (request) => {
    await requireAccount(ctx, request, 'read');
    const merchant = merchantOr404(request);
    const query = mf2PageQuery(request.query);
    const members = store.pemsOf(merchant.uuid).map((pem) => mf2Member(request, { iri: pemIri(pem.serial_number), type: 'PointOfSale' }, pemBody(pem)));
    return mf2Collection(request, `${merchantIri(merchant.uuid)}/pems`, members, query);
  });

  scope.get('/merchants/:uuid/ateco-codes', async (request) => {
    await requireAccount(ctx, request, 'read');
    const merchant = merchantOr404(request);
    return mf2Item(request, { iri: `${merchantIri(merchant.uuid)}/ateco-codes`, type: 'MerchantAtecoCodes' }, atecoCodesBody(merchant));
  });

  scope.put('/merchants/:uuid/ateco-codes', async (request) => {
    await requireAccount(ctx, request, 'write');
    const merchant = merchantOr404(request);
    const input = parseOrThrow(atecoPutSchema, request.body, 'body');
    const problems: FieldProblem[] = [];
    const seen = new Map<string, number>();
    input.ateco_codes.forEach((code, index) => {
      const check = validateAtecoCode(code);
      if (!check.ok) {
        const message = typeof code === 'string' ? check.message : `${JSON.stringify(code) ?? String(code)}: ${check.message}`;
        problems.push({ path: ['ateco_codes', index], type: check.code, message });
      } else if (seen.has(check.code)) {
        problems.push({ path: ['ateco_codes', index], type: 'duplicate', message: `The ATECO code "${check.code}" is listed twice (also at position ${(seen.get(check.code) ?? 0) + 1}).` });
      } else {
        seen.set(check.code, index);
      }
    });
    if (problems.length > 0) throw new FieldValidationError('body', problems);
    merchant.ateco_codes = [...seen.keys()];
    store.changed();
    return mf2Item(request, { iri: `${merchantIri(merchant.uuid)}/ateco-codes`, type: 'MerchantAtecoCodes' }, atecoCodesBody(merchant));
  });

  scope.get('/pems/:serial_number', async (request) => {
    await requireAccount(ctx, request, 'read');
    const pem = pemOr404(request);
    return mf2Item(request, { iri: pemIri(pem.serial_number), type: 'PointOfSale' }, pemBody(pem));
  });

  scope.post('/pems/:serial_number/discard', { config: NO_BODY }, async (request) => {
    await requireAccount(ctx, request, 'write');
    const pem = pemOr404(request);
    if (pem.status !== 'DISCARDED') {
      pem.status = 'DISCARDED';
      pem.discarded_at = isoUtc(ctx.now());
      store.changed();
    }
    return mf2Item(request, { iri: pemIri(pem.serial_number), type: 'PointOfSale' }, pemBody(pem));
  });
}

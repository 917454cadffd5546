/**
 * MF2 onboarding (API Platform): merchant creation and update, PEM creation (the reference's
 * `POST /mf2/point-of-sales`, here `/v1/mf2/pems`), and the MF2 emergency reports of a PEM.
 * A merchant created here gets a login (ROLE_MERCHANT) with its e-mail and password.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { type FiscalDeps, param, pemOr404 } from '../deps';
import { createEmergencyReport, emergencyOutput } from '../emergency-reports';
import { requireAccount } from '../http/access';
import { mf2Collection, mf2Item, mf2Member, mf2PageQuery } from '../http/mf2-replies';
import { FieldValidationError, FiscalError, type FieldProblem, forbidden, notFound, parseOrThrow } from '../http/problems';
import { addMerchantLogin, assertManager, callerOf, emailInUse, mayAccess } from '../logins';
import type { Merchant, Pem } from '../state';
import { registrationKeyOf } from './mf1-pems';
import { merchantBody, merchantIri, pemIri } from './mf2';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The reference's password rule: upper and lower case, a digit, one of !@#$%^&* and at least 10 characters. */
const PASSWORD_PATTERN = /^((?=.*[A-Z])(?=.*[a-z])(?=.*[0-9])(?=.*[!@#$%^&*])(?=.{10,}).*)$/;
const elevenDigits = (what: string) => z.string().refine((value) => /^\d{11}$/.test(value), { message: `${what} must be exactly 11 digits.` });
const nullableText = z.string().trim().min(1).max(255).nullable();

const addressSchema = z.object({
  street_address: z.string().trim().min(1),
  street_number: z.string().default(''),
  zip_code: z.string().refine((value) => /^\d{5}$/.test(value), { message: 'zip_code must be exactly 5 digits.' }),
  city: z.string().trim().min(1),
  province: z.string().refine((value) => /^[A-Za-z]{2}$/.test(value), { message: 'province must be the 2-letter province code.' }),
});

const merchantCreateSchema = z.object({
  vat_number: elevenDigits('vat_number'),
  fiscal_code: elevenDigits('fiscal_code').optional(),
  business_name: nullableText.optional(),
  first_name: nullableText.optional(),
  last_name: nullableText.optional(),
  email: z.string().max(255).refine((value) => EMAIL_PATTERN.test(value), { message: 'This value is not a valid email address.' }),
  password: z.string().refine((value) => PASSWORD_PATTERN.test(value), {
    message: 'The password needs at least 10 characters with an upper-case and a lower-case letter, a digit and one of !@#$%^&*.',
  }),
  address: addressSchema,
});

const merchantUpdateSchema = z.object({
  business_name: nullableText.optional(),
  first_name: nullableText.optional(),
  last_name: nullableText.optional(),
  address: addressSchema.nullable().optional(),
});

const pemCreateSchema = z.object({
  merchant_uuid: z.string().min(1),
  receipt_header: z.string().max(255).nullable().optional(),
  address: addressSchema.nullable().optional(),
  external_pem_data: z
    .object({
      version: z.string().refine((value) => /^\d+\.\d+\.\d+$/.test(value), { message: 'version must read MAJOR.MINOR.PATCH, e.g. "2.4.1".' }),
      type: z.enum(['AP', 'SP', 'TM', 'PV']),
    })
    .nullable()
    .optional(),
});

/** A merchant is named by its business name, or by first and last name (sole traders). */
function nameProblems(merchant: Pick<Merchant, 'business_name' | 'first_name' | 'last_name'>): FieldProblem[] {
  if (merchant.business_name) return [];
  if (merchant.first_name && merchant.last_name) return [];
  return [{ path: ['business_name'], type: 'value_error', message: 'Give business_name, or first_name and last_name when there is no business name.' }];
}

/** The next serial number for a merchant's PEM: `E<merchant number>-<progressive>`, like the seeded ones. */
function nextSerialNumber(merchants: readonly Merchant[], pems: readonly Pem[], merchantUuid: string): string {
  const prefix = `E${String(merchants.findIndex((merchant) => merchant.uuid === merchantUuid) + 1).padStart(3, '0')}-`;
  const used = pems.filter((pem) => pem.serial_number.startsWith(prefix)).map((pem) => Number(pem.serial_number.slice(prefix.length)) || 0);
  return `${prefix}${String(Math.max(0, ...used) + 1).padStart(6, '0')}`;
}

export function registerMf2Onboarding(scope: FastifyInstance, deps: FiscalDeps): void {
  const { ctx, store } = deps;

  scope.post('/merchants', async (request, reply) => {
    const caller = callerOf(store, await requireAccount(ctx, request, 'write'));
    if (caller.kind !== 'supplier') throw forbidden('Only a partner account (ROLE_SUPPLIER) creates merchants.');
    const input = parseOrThrow(merchantCreateSchema, request.body, 'body');
    const problems = nameProblems({ business_name: input.business_name ?? null, first_name: input.first_name ?? null, last_name: input.last_name ?? null });
    if (store.state.merchants.some((merchant) => merchant.vat_number === input.vat_number)) {
      problems.push({ path: ['vat_number'], type: 'unique', message: `A merchant with the VAT number ${input.vat_number} already exists.` });
    }
    if (emailInUse(ctx, input.email) || store.state.merchants.some((merchant) => merchant.email.toLowerCase() === input.email.toLowerCase())) {
      problems.push({ path: ['email'], type: 'unique', message: `The e-mail ${input.email} is already used by another user.` });
    }
    if (problems.length > 0) throw new FieldValidationError('body', problems);
    const merchant: Merchant = {
      uuid: deps.newUuid(),
      vat_number: input.vat_number,
      fiscal_code: input.fiscal_code ?? null,
      email: input.email,
      business_name: input.business_name ?? null,
      first_name: input.first_name ?? null,
      last_name: input.last_name ?? null,
      address: { ...input.address, province: input.address.province.toUpperCase() },
      ateco_codes: [],
    };
    const account = { merchant_uuid: merchant.uuid, uid: deps.newUuid(), password: input.password };
    store.state.merchants.push(merchant);
    store.state.merchant_accounts.push(account);
    addMerchantLogin(ctx, account, merchant.email, merchant.business_name ?? `${merchant.first_name ?? ''} ${merchant.last_name ?? ''}`.trim());
    store.changed();
    return reply.code(201).send(mf2Item(request, { iri: merchantIri(merchant.uuid), type: 'Merchant' }, merchantBody(merchant)));
  });

  scope.put('/merchants/:uuid', async (request) => {
    const caller = callerOf(store, await requireAccount(ctx, request, 'write'));
    assertManager(caller, 'change merchants');
    const uuid = param(request.params, 'uuid');
    const merchant = store.merchant(uuid);
    if (!merchant || !mayAccess(caller, merchant.uuid)) throw notFound(`There is no merchant ${uuid}.`);
    const input = parseOrThrow(merchantUpdateSchema, request.body, 'body');
    const next = {
      business_name: input.business_name === undefined ? merchant.business_name : input.business_name,
      first_name: input.first_name === undefined ? merchant.first_name : input.first_name,
      last_name: input.last_name === undefined ? merchant.last_name : input.last_name,
    };
    const problems = nameProblems(next);
    if (problems.length > 0) throw new FieldValidationError('body', problems);
    Object.assign(merchant, next);
    // `address: null` leaves the address as it is: a merchant always has one.
    if (input.address) merchant.address = { ...input.address, province: input.address.province.toUpperCase() };
    store.changed();
    return mf2Item(request, { iri: merchantIri(merchant.uuid), type: 'Merchant' }, merchantBody(merchant));
  });

  scope.post('/pems', async (request, reply) => {
    const caller = callerOf(store, await requireAccount(ctx, request, 'write'));
    assertManager(caller, 'create PEMs');
    const input = parseOrThrow(pemCreateSchema, request.body, 'body');
    const merchant = store.merchant(input.merchant_uuid);
    if (!merchant) {
      throw new FieldValidationError('body', [{ path: ['merchant_uuid'], type: 'not_found', message: `There is no merchant ${input.merchant_uuid}.` }]);
    }
    if (!mayAccess(caller, merchant.uuid)) throw forbidden('A merchant may create PEMs only for its own shop.');
    const pem: Pem = {
      serial_number: nextSerialNumber(store.state.merchants, store.state.pems, merchant.uuid),
      merchant_uuid: merchant.uuid,
      status: 'NEW',
      type: input.external_pem_data?.type ?? 'AP',
      address: input.address ? { ...input.address, province: input.address.province.toUpperCase() } : { ...merchant.address },
      cash_register: null,
      configuration: { receipt_header: input.receipt_header ?? null, display_cash_register_name: false },
      firmware_version: input.external_pem_data?.version ?? '2.4.1',
      activated_at: null,
      last_transmission_at: null,
      discarded_at: null,
      last_journal_number: 0,
    };
    store.state.pems.push(pem);
    store.changed();
    const body = { serial_number: pem.serial_number, registration_key: registrationKeyOf(pem.serial_number) };
    return reply.code(201).send(mf2Item(request, { iri: pemIri(pem.serial_number), type: 'PointOfSale' }, body));
  });

  const reportIri = (serial: string, id: number) => `${pemIri(serial)}/emergency-reports/${id}`;

  scope.get('/pems/:serial_number/emergency-reports', async (request) => {
    await requireAccount(ctx, request, 'read');
    const pem = pemOr404(store, param(request.params, 'serial_number'));
    const query = mf2PageQuery(request.query);
    const reports = store.state.emergency_reports.filter((report) => report.pem_serial_number === pem.serial_number).sort((a, b) => b.id - a.id);
    const members = reports.map((report) => mf2Member(request, { iri: reportIri(pem.serial_number, report.id), type: 'EmergencyReport' }, emergencyOutput(report)));
    return mf2Collection(request, `${pemIri(pem.serial_number)}/emergency-reports`, members, query);
  });

  scope.get('/pems/:serial_number/emergency-reports/:id', async (request) => {
    await requireAccount(ctx, request, 'read');
    const pem = pemOr404(store, param(request.params, 'serial_number'));
    const id = param(request.params, 'id');
    const report = store.state.emergency_reports.find((candidate) => candidate.pem_serial_number === pem.serial_number && String(candidate.id) === id);
    if (!report) throw notFound(`The PEM ${pem.serial_number} has no emergency report ${id}.`);
    return mf2Item(request, { iri: reportIri(pem.serial_number, report.id), type: 'EmergencyReport' }, emergencyOutput(report));
  });

  scope.post('/pems/:serial_number/upload-emergency-report', async (request, reply) => {
    await requireAccount(ctx, request, 'write');
    const pem = pemOr404(store, param(request.params, 'serial_number'));
    if (pem.status === 'DISCARDED') throw new FiscalError(400, `The PEM ${pem.serial_number} is discarded: it takes no emergency reports.`);
    const report = createEmergencyReport(store, pem, request.body, ctx.now());
    return reply.code(202).send(mf2Item(request, { iri: reportIri(pem.serial_number, report.id), type: 'EmergencyReport' }, { id: report.id, closed_at: report.closed_at }));
  });
}

/**
 * MF1 cashiers (reference `/mf1/cashiers`): a cashier is a login (ROLE_CASHIER) of one merchant
 * that signs in with `POST /login` and issues documents on that merchant's PEMs.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type FiscalDeps, uuidParam } from '../deps';
import { requireAccount } from '../http/access';
import { mf1Page, mf1PageQuery } from '../http/mf1-replies';
import { FieldValidationError, forbidden, notFound, parseOrThrow } from '../http/problems';
import { isoUtc } from '../italian-time';
import { addCashierLogin, assertManager, type Caller, callerOf, emailInUse, mayAccess, removeLogin } from '../logins';
import { type Cashier, cashierStatuses } from '../state';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The reference's CashierCreateInput (`display_name` is required but may be null), plus `merchant_uuid` for partners. */
const cashierCreateSchema = z.object({
  email: z.string().max(255).refine((value) => EMAIL_PATTERN.test(value), { message: 'value is not a valid email address' }),
  password: z.string().min(8).max(40),
  name: z.string().trim().min(1).max(255),
  display_name: z.string().max(255).nullable(),
  merchant_uuid: z.string().optional(),
});

const cashierListQuerySchema = z.object({ status: z.enum(cashierStatuses).optional() });

export function cashierSimpleOutput(cashier: Cashier) {
  return { uuid: cashier.uuid, email: cashier.email, display_name: cashier.display_name, name: cashier.name, status: cashier.status };
}

export function cashierOutput(cashier: Cashier) {
  return { ...cashierSimpleOutput(cashier), merchant_uuid: cashier.merchant_uuid };
}

export function registerMf1Cashiers(scope: FastifyInstance, deps: FiscalDeps): void {
  const { ctx, store } = deps;

  const visibleCashier = (caller: Caller, request: FastifyRequest): Cashier => {
    const uuid = uuidParam(request.params, 'cashier_id');
    const cashier = store.state.cashiers.find((candidate) => candidate.uuid === uuid);
    if (!cashier || !mayAccess(caller, cashier.merchant_uuid)) throw notFound(`There is no cashier ${uuid}.`);
    return cashier;
  };

  /** The merchant a new cashier belongs to: the merchant caller's own, or `merchant_uuid` for a partner. */
  const merchantForNewCashier = (caller: Caller, requested: string | undefined): string => {
    if (caller.kind === 'merchant') {
      if (requested !== undefined && requested !== caller.merchantUuid) throw forbidden('A merchant may add cashiers only to its own shop.');
      return caller.merchantUuid;
    }
    if (requested === undefined) {
      throw new FieldValidationError('body', [
        { path: ['merchant_uuid'], type: 'missing', message: 'Field required: a partner account (ROLE_SUPPLIER) must name the merchant the cashier works for' },
      ]);
    }
    if (!store.merchant(requested)) throw notFound(`There is no merchant ${requested}.`);
    return requested;
  };

  scope.get('/cashiers', async (request) => {
    const caller = callerOf(store, await requireAccount(ctx, request, 'read'));
    const { page, size } = mf1PageQuery(request.query);
    const query = (request.query ?? {}) as Record<string, unknown>;
    const { status } = parseOrThrow(cashierListQuerySchema, { status: query.status === '' ? undefined : query.status }, 'query');
    const cashiers = store.state.cashiers.filter((cashier) => mayAccess(caller, cashier.merchant_uuid) && (status === undefined || cashier.status === status));
    return mf1Page(cashiers.map(cashierSimpleOutput), page, size);
  });

  scope.post('/cashiers', async (request, reply) => {
    const caller = callerOf(store, await requireAccount(ctx, request, 'write'));
    assertManager(caller, 'create cashiers');
    const input = parseOrThrow(cashierCreateSchema, request.body, 'body');
    const merchantUuid = merchantForNewCashier(caller, input.merchant_uuid);
    if (emailInUse(ctx, input.email)) {
      throw new FieldValidationError('body', [{ path: ['email'], type: 'value_error', message: `Value error, a user with the e-mail ${input.email} already exists` }]);
    }
    const cashier: Cashier = {
      uuid: deps.newUuid(),
      uid: deps.newUuid(),
      merchant_uuid: merchantUuid,
      email: input.email,
      password: input.password,
      name: input.name,
      display_name: input.display_name,
      status: 'active',
      created_at: isoUtc(ctx.now()),
    };
    store.state.cashiers.push(cashier);
    addCashierLogin(ctx, cashier);
    store.changed();
    return reply.code(201).send(cashierOutput(cashier));
  });

  scope.get('/cashiers/me', async (request) => {
    const caller = callerOf(store, await requireAccount(ctx, request, 'read'));
    if (caller.kind !== 'cashier') throw forbidden(`The account ${caller.account.email} is not a cashier: /cashiers/me answers to a cashier's token only.`);
    return cashierOutput(caller.cashier);
  });

  scope.get('/cashiers/:cashier_id', async (request) => {
    const caller = callerOf(store, await requireAccount(ctx, request, 'read'));
    return cashierOutput(visibleCashier(caller, request));
  });

  scope.delete('/cashiers/:cashier_id', async (request, reply) => {
    const caller = callerOf(store, await requireAccount(ctx, request, 'write'));
    assertManager(caller, 'remove cashiers');
    const cashier = visibleCashier(caller, request);
    store.state.cashiers.splice(store.state.cashiers.indexOf(cashier), 1);
    removeLogin(ctx, cashier.uid);
    store.changed();
    return reply.code(204).send();
  });

}

/**
 * MF1 PEM lifecycle (reference `/mf1/point-of-sales/{serial}/…`, here `/v1/mf1/pems/{serial}/…`):
 * activation with the registration key that MF2's PEM creation returned, inactivity periods and
 * the report of a past offline period.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { pemOr404, param, type FiscalDeps } from '../deps';
import { requireAccount } from '../http/access';
import { NO_BODY } from '../http/bodies';
import { conflict, FieldValidationError, FiscalError, forbidden, parseOrThrow } from '../http/problems';
import { isoUtc } from '../italian-time';
import { assertManager, callerOf, mayAccess } from '../logins';
import type { Pem } from '../state';
import { mf1PemOutput, registrationKeyOf } from './mf1-pems';

const activationSchema = z.object({ registration_key: z.string().min(1) });

const offlineSchema = z.object({
  timestamp: z.string().refine((value) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/.test(value) && !Number.isNaN(Date.parse(value)), {
    message: 'Input should be a valid datetime, e.g. "2026-10-08T19:30:00+02:00"',
  }),
  reason: z.string().trim().min(1).max(255),
});

const notActivated = (pem: Pem) => pem.status === 'NEW' || pem.status === 'REGISTERED';

export function registerMf1PemLifecycle(scope: FastifyInstance, deps: FiscalDeps): void {
  const { ctx, store } = deps;

  /** The PEM of the path, for a caller that may manage it (403 for cashiers and other merchants). */
  const managedPem = async (request: FastifyRequest, what: string): Promise<Pem> => {
    const caller = callerOf(store, await requireAccount(ctx, request, 'write'));
    assertManager(caller, what);
    const pem = pemOr404(store, param(request.params, 'serial_number'));
    if (!mayAccess(caller, pem.merchant_uuid)) throw forbidden(`The PEM ${pem.serial_number} belongs to another merchant.`);
    return pem;
  };

  scope.post('/pems/:serial_number/activation', async (request, reply) => {
    const pem = await managedPem(request, 'activate PEMs');
    const input = parseOrThrow(activationSchema, request.body, 'body');
    if (!notActivated(pem)) throw conflict(`The PEM ${pem.serial_number} is already activated (status ${pem.status}).`);
    if (input.registration_key !== registrationKeyOf(pem.serial_number)) {
      throw new FieldValidationError('body', [{ path: ['registration_key'], type: 'value_error', message: 'Value error, the registration key does not match this PEM' }]);
    }
    pem.status = 'ACTIVATED';
    pem.activated_at = isoUtc(ctx.now());
    store.changed();
    return reply.code(202).send(mf1PemOutput(store, pem));
  });

  scope.post('/pems/:serial_number/inactivity', { config: NO_BODY }, async (request) => {
    const pem = await managedPem(request, 'declare inactivity periods');
    if (pem.status === 'DISCARDED' || notActivated(pem) || pem.status === 'ERROR') {
      throw new FiscalError(400, `The PEM ${pem.serial_number} is ${pem.status}: only an activated PEM can start an inactivity period.`);
    }
    const open = store.openJournal(pem.serial_number);
    if (open) throw new FiscalError(400, `The PEM ${pem.serial_number} has an open journal: close it (POST …/close) before an inactivity period.`);
    const running = store.state.pem_periods.find((period) => period.pem_serial_number === pem.serial_number && period.kind === 'inactivity' && period.to === null);
    if (!running) {
      const now = isoUtc(ctx.now());
      store.state.pem_periods.push({ pem_serial_number: pem.serial_number, kind: 'inactivity', from: now, to: null, reason: null, reported_at: now });
      store.changed();
    }
    return mf1PemOutput(store, pem);
  });

  scope.post('/pems/:serial_number/communicate-offline', async (request, reply) => {
    const pem = await managedPem(request, 'report offline periods');
    const input = parseOrThrow(offlineSchema, request.body, 'body');
    if (pem.status === 'DISCARDED' || notActivated(pem)) {
      throw conflict(`The PEM ${pem.serial_number} is ${pem.status}: only an activated PEM reports offline periods.`);
    }
    const now = ctx.now();
    if (Date.parse(input.timestamp) > now.getTime()) {
      throw new FiscalError(400, `The offline period cannot start in the future (${input.timestamp}).`);
    }
    store.state.pem_periods.push({ pem_serial_number: pem.serial_number, kind: 'offline', from: new Date(Date.parse(input.timestamp)).toISOString(), to: null, reason: input.reason, reported_at: isoUtc(now) });
    store.changed();
    return reply.code(202).send({ serial_number: pem.serial_number, timestamp: input.timestamp, reason: input.reason, status: pem.status });
  });
}

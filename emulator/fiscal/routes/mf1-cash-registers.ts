/**
 * MF1 cash registers (reference `/mf1/cash-registers`). Creating one issues a real client
 * certificate from the emulator's CA (CN = the PEM serial number), returned once as PEM
 * `mtls_certificate` + `private_key`; with it the cash register is accepted on the mTLS listener.
 * One cash register per PEM. `GET /cash-registers/me` is in `mf1-pems.ts`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type FiscalDeps, uuidParam } from '../deps';
import { requireAccount } from '../http/access';
import { mf1Page, mf1PageQuery } from '../http/mf1-replies';
import { conflict, forbidden, notFound, parseOrThrow } from '../http/problems';
import { isoUtc } from '../italian-time';
import { assertManager, type Caller, callerOf, mayAccess } from '../logins';
import type { Pem } from '../state';

const nameSchema = z.string().trim().min(1).max(255);
const createSchema = z.object({ pem_serial_number: z.string().min(1), name: nameSchema });
const updateSchema = z.object({ name: nameSchema });

type PemWithRegister = Pem & { cash_register: NonNullable<Pem['cash_register']> };

const basicOutput = (pem: PemWithRegister) => ({ uuid: pem.cash_register.uuid, pem_serial_number: pem.serial_number, name: pem.cash_register.name });

export function registerMf1CashRegisters(scope: FastifyInstance, deps: FiscalDeps): void {
  const { ctx, store } = deps;

  const registers = (caller: Caller): PemWithRegister[] =>
    store.state.pems.filter((pem): pem is PemWithRegister => pem.cash_register !== null && mayAccess(caller, pem.merchant_uuid));

  const registerOr404 = (caller: Caller, request: FastifyRequest): PemWithRegister => {
    const uuid = uuidParam(request.params, 'id');
    const pem = registers(caller).find((candidate) => candidate.cash_register.uuid.toLowerCase() === uuid);
    if (!pem) throw notFound(`There is no cash register ${uuid}.`);
    return pem;
  };

  scope.post('/cash-registers', async (request, reply) => {
    const caller = callerOf(store, await requireAccount(ctx, request, 'write'));
    assertManager(caller, 'register cash registers');
    const input = parseOrThrow(createSchema, request.body, 'body');
    const pem = store.pem(input.pem_serial_number);
    if (!pem) throw notFound(`There is no PEM with serial number "${input.pem_serial_number}".`);
    if (!mayAccess(caller, pem.merchant_uuid)) throw forbidden(`The PEM ${pem.serial_number} belongs to another merchant: a cash register can only be registered on a PEM of your own shop.`);
    if (pem.status === 'NEW' || pem.status === 'REGISTERED') throw conflict(`The PEM ${pem.serial_number} is not activated yet (status ${pem.status}): activate it first.`);
    if (pem.status === 'DISCARDED') throw conflict(`The PEM ${pem.serial_number} is discarded: it takes no cash register.`);
    if (pem.cash_register) throw conflict(`The PEM ${pem.serial_number} already has a cash register ("${pem.cash_register.name}").`);

    // Reserved before the certificate is issued, so a second request for the same PEM meets the 409.
    const cashRegister = { uuid: deps.newUuid(), name: input.name };
    pem.cash_register = cashRegister;
    let issued: Awaited<ReturnType<typeof ctx.pki.issueClientCertificate>>;
    try {
      issued = await ctx.pki.issueClientCertificate(pem.serial_number);
    } catch (error) {
      pem.cash_register = null;
      throw error;
    }
    store.state.cash_register_certificates.push({
      cash_register_uuid: cashRegister.uuid,
      pem_serial_number: pem.serial_number,
      certificate_pem: issued.certPem,
      private_key_pem: issued.keyPem,
      serial_number: issued.serialNumber,
      fingerprint256: issued.fingerprint256,
      created_at: isoUtc(ctx.now()),
    });
    store.changed();
    return reply.code(201).send({ ...basicOutput(pem as PemWithRegister), mtls_certificate: issued.certPem, private_key: issued.keyPem });
  });

  scope.get('/cash-registers', async (request) => {
    const caller = callerOf(store, await requireAccount(ctx, request, 'read'));
    const { page, size } = mf1PageQuery(request.query);
    const query = (request.query ?? {}) as Record<string, unknown>;
    const pemId = typeof query.pem_id === 'string' && query.pem_id !== '' ? query.pem_id : undefined;
    const selected = registers(caller).filter((pem) => pemId === undefined || pem.serial_number === pemId);
    return mf1Page(selected.map(basicOutput), page, size);
  });

  scope.get('/cash-registers/:id', async (request) => {
    const caller = callerOf(store, await requireAccount(ctx, request, 'read'));
    return basicOutput(registerOr404(caller, request));
  });

  scope.patch('/cash-registers/:id', async (request) => {
    const caller = callerOf(store, await requireAccount(ctx, request, 'write'));
    assertManager(caller, 'rename cash registers');
    const pem = registerOr404(caller, request);
    const input = parseOrThrow(updateSchema, request.body, 'body');
    pem.cash_register.name = input.name;
    store.changed();
    return basicOutput(pem);
  });
}

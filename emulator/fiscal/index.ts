/**
 * The fiscal receipt interfaces MF1 and MF2 (DESIGN §5.2 "Fiscal interfaces"). MF1 is served on
 * both fiscal listeners (on the mTLS one every call also needs a cash-register certificate);
 * issuing documents and `cash-registers/me` work only there. MF2 is served on the plain listener.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { EmulatorContext, RegisterArea } from '../context';
import type { FiscalDeps } from './deps';
import { requireCashRegister } from './http/access';
import { installMf1Replies } from './http/mf1-replies';
import { installMf2Replies } from './http/mf2-replies';
import { FiscalOperations } from './operations';
import { restoreLogins } from './logins';
import { registerMf1CashRegisters } from './routes/mf1-cash-registers';
import { registerMf1Cashiers } from './routes/mf1-cashiers';
import { registerMf1PemLifecycle } from './routes/mf1-pem-lifecycle';
import { registerMf1Pems } from './routes/mf1-pems';
import { registerMf1Receipts } from './routes/mf1-receipts';
import { registerMf1Reports } from './routes/mf1-reports';
import { registerMf2 } from './routes/mf2';
import { registerMf2Onboarding } from './routes/mf2-onboarding';
import { seedFiscalState } from './seed/generate';
import { FiscalStore, loadFiscalState, persistFiscalState } from './store';

function createStore(ctx: EmulatorContext): FiscalStore {
  const certificateOf = (serial: string) => ctx.pki.clientCertificates.find((certificate) => certificate.pemSerialNumber === serial) ?? null;
  const saved = loadFiscalState(ctx.persistence, ctx.log);
  const state = saved ?? seedFiscalState({ random: ctx.random, now: ctx.now(), certificateOf });
  const store = new FiscalStore(state, persistFiscalState(ctx.persistence));
  if (!saved) store.flush();
  return store;
}

export const registerFiscal: RegisterArea = async (apps, ctx) => {
  const store = createStore(ctx);
  const operations = new FiscalOperations({
    store,
    newUuid: randomUUID,
    faultRandom: ctx.random.fork('fiscal-report-faults'),
    reportFail: () => ctx.options.faults.reportFail,
    stepMs: () => ctx.options.processingDelayMs,
    certificateOf: (serial) =>
      ctx.pki.clientCertificates.find((certificate) => certificate.pemSerialNumber === serial) ??
      store.issuedCertificates().find((certificate) => certificate.pemSerialNumber === serial) ??
      null,
  });
  restoreLogins(ctx, store);
  const depsFor = (listener: FiscalDeps['listener']): FiscalDeps => ({ ctx, store, operations, newUuid: randomUUID, listener });

  const mf1 = async (scope: FastifyInstance, deps: FiscalDeps) => {
    installMf1Replies(scope, ctx.log);
    if (deps.listener === 'mtls') {
      scope.addHook('onRequest', async (request) => {
        requireCashRegister(ctx, request, store.issuedCertificates());
      });
    }
    registerMf1Receipts(scope, deps);
    registerMf1Pems(scope, deps);
    registerMf1PemLifecycle(scope, deps);
    registerMf1Cashiers(scope, deps);
    registerMf1CashRegisters(scope, deps);
    registerMf1Reports(scope, deps);
  };

  await apps.fiscal.register((scope) => mf1(scope, depsFor('plain')), { prefix: '/v1/mf1' });
  await apps.fiscal.register(
    async (scope) => {
      installMf2Replies(scope, ctx.log);
      const deps = depsFor('plain');
      registerMf2(scope, deps);
      registerMf2Onboarding(scope, deps);
    },
    { prefix: '/v1/mf2' },
  );
  await apps.fiscalMtls.register((scope) => mf1(scope, depsFor('mtls')), { prefix: '/v1/mf1' });

  apps.fiscal.addHook('onClose', async () => store.flush());
};

import type { FastifyError, FastifyInstance } from 'fastify';
import type { EmulatorContext, RegisterArea } from '../context';
import { readUpload503Plan } from './faults';
import { requireToken, sendError } from './http';
import { UploadPipeline } from './pipeline';
import { needsSchemaCheck, schemaErrorsOf } from './processing/schema-check';
import { registerReadRoutes } from './read-routes';
import { TransferStore } from './store';
import { registerUploadRoute } from './upload-route';

/** Test and debug access to a running emulator's transfer state. */
export interface TransferDebug {
  /** Uploads of one account (by uid; every account when omitted) with exactly this End-to-end ID. */
  countUploads(e2eId: string, ownerUid?: string): number;
  totalUploads(): number;
}

const debugHandles = new WeakMap<EmulatorContext, TransferDebug>();

export function transferDebug(ctx: EmulatorContext): TransferDebug {
  const handle = debugHandles.get(ctx);
  if (!handle) throw new Error('The transfer area is not registered on this emulator context.');
  return handle;
}

/** The transfer interface (DESIGN §5.2): uploads to IT and PL and their tracking. */
export const registerTransfer: RegisterArea = async (apps, ctx) => {
  const app = apps.transfer;
  const random = ctx.random.fork('transfer');
  const store = new TransferStore(ctx.persistence, ctx.options.dataDir !== null, random.int(1_000_000_000, 1_999_999_999), ctx.log);
  const pipeline = new UploadPipeline(store, {
    stepDelayMs: ctx.options.processingDelayMs,
    now: () => ctx.now(),
    random: random.fork('destination-ids'),
    log: ctx.log,
    schemaErrors: (piece, country) => schemaErrorsOf(ctx.standards, piece, { country, environment: ctx.options.environment, now: ctx.now() }),
    needsSchemaCheck,
  });
  readUpload503Plan(ctx.options.faults); // refuses bad `--faults` extras at startup

  debugHandles.set(ctx, {
    countUploads: (e2eId, ownerUid) =>
      ctx.accounts.filter((account) => ownerUid === undefined || account.uid === ownerUid).reduce((count, account) => count + store.findByE2eId(account.uid, e2eId).length, 0),
    totalUploads: () => store.uploadCount(),
  });

  app.setNotFoundHandler((request, reply) =>
    sendError(reply, 404, `There is no ${request.method} ${request.url.split('?')[0]} on the transfer interface.`),
  );
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) ctx.log(`transfer: internal error: ${error.stack ?? error.message}`);
    return sendError(reply, status, status === 500 ? 'The transfer interface failed unexpectedly. Try again.' : error.message);
  });

  await app.register(async (scope: FastifyInstance) => {
    scope.addHook('onRequest', requireToken(ctx));
    registerUploadRoute(scope, { ctx, store, pipeline, faultRandom: random.fork('upload503') });
    registerReadRoutes(scope, store);
  });

  app.addHook('onClose', async () => {
    pipeline.close();
    store.flush();
  });
  pipeline.resumeAll();
};

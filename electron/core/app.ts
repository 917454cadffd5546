/**
 * `createCoreApp(ports, options)`: the core as the shells see it (CoreApp). Routes contract
 * channels to the areas' handlers, validates every payload, and turns every failure into an
 * envelope: `handle` never throws.
 */
import { AppError, because, channels, reason, isChannelName, type ChannelName, type Envelope } from '../../shared/contract';
import { describeCall } from './activity/channel-actions';
import { activityFromEvents } from './activity/event-actions';
import { createActivityHandlers } from './activity/handlers';
import type { CallContext, CoreApp } from './app-types';
import { createAppHandlers } from './app-handlers';
import { createSessionHandlers } from './auth/handlers';
import { badRequestFromZod, toErrorShape } from './errors';
import { mergeHandlers, type Handler, type HandlerFactory, type Handlers, type Invoke, type LinkedHandlerFactory } from './handlers';
import { createStandardsHandlers } from './standards/handlers';
import { createExportHandlers } from './exports/handlers';
import { createSyncHandlers } from './sync/handlers';
import { createWatchHandlers } from './watch/handlers';
import type { Ports } from './ports';
import { createProfileHandlers } from './profiles/handlers';
import { createUploadHandlers } from './transfer/handlers';
import { createDocumentHandlers } from './documents/handlers';
import { createFileHandlers } from './files/handlers';
import { createFiscalHandlers } from './fiscal/handlers';
import { createViewerHandlers } from './viewer/handlers';
import { createCoreServices, type CoreOptions, type CoreServices } from './services';

/** Areas built on other areas' channels. */
const linkedAreaHandlers: LinkedHandlerFactory[] = [createExportHandlers, createWatchHandlers];

/** Every area's handlers. A new area adds its factory here. */
const areaHandlers: HandlerFactory[] = [createAppHandlers, createSessionHandlers, createProfileHandlers, createUploadHandlers, createDocumentHandlers, createFileHandlers, createFiscalHandlers, createStandardsHandlers, createViewerHandlers, createActivityHandlers, createSyncHandlers];

export interface CoreAppOptions extends CoreOptions {
  /** Extra handler areas (tests; hosts with areas of their own). */
  handlers?: HandlerFactory[];
}

export interface CoreAppWithServices extends CoreApp {
  /** The services behind the app, for the core's own tests and tools; shells use `handle`. */
  readonly services: CoreServices;
}

export function createCoreApp(ports: Ports, options: CoreAppOptions = {}): CoreAppWithServices {
  const services = createCoreServices(ports, options);
  const { logger } = services;
  const areas = mergeHandlers([...areaHandlers, ...(options.handlers ?? [])].map((factory) => factory(services)));
  const invoke: Invoke = (channel, input) => {
    const handler = areas[channel] as Handler<typeof channel> | undefined;
    if (!handler) return Promise.reject(new AppError('internal', `"${channel}" is not available in this version of the app.`, { details: because(reason('app.channelMissing', { channel })) }));
    return handler(input, { caller: 'core' });
  };
  const handlers: Partial<Handlers> = mergeHandlers([areas, ...linkedAreaHandlers.map((factory) => factory(services, invoke))]);

  const fail = (error: AppError): Envelope<never> => ({ ok: false, error: error.toJSON() });

  async function dispatch(channel: ChannelName, payload: unknown, context: CallContext): Promise<Envelope<unknown>> {
    const schema = channels[channel].input;
    const parsed = schema.safeParse(payload);
    if (!parsed.success) return fail(badRequestFromZod(channel, parsed.error, schema, payload));
    const handler = handlers[channel] as Handler<ChannelName> | undefined;
    if (!handler) return fail(new AppError('internal', `"${channel}" is not available in this version of the app.`, { details: because(reason('app.channelMissing', { channel })) }));
    const who = describeCall(channel, parsed.data as never, undefined) ? currentActor() : undefined;
    try {
      const value: unknown = await handler(parsed.data as never, context);
      if (who) recordCall(channel, parsed.data, value, who);
      return { ok: true, value };
    } catch (error) {
      if (who) recordCall(channel, parsed.data, undefined, who, error);
      throw error;
    }
  }

  /** Read before the call: signing out changes who is signed in. */
  function currentActor(): { profile: string; user: string | null } {
    return { profile: services.profiles.active().name, user: services.session.status().user?.email ?? null };
  }

  /** Every action a user may be asked about later goes to the activity log, with its outcome. */
  function recordCall(channel: ChannelName, input: unknown, output: unknown, who: { profile: string; user: string | null }, error?: unknown): void {
    const described = describeCall(channel, input as never, output as never);
    if (!described) return;
    const failure = error === undefined ? undefined : error instanceof Error ? error.message : String(error);
    const actor = channel === 'session.login' && error === undefined ? undefined : who;
    void services.activity.record({
      ...described,
      outcome: error === undefined ? 'ok' : 'failed',
      ...(failure ? { detail: described.detail ? `${described.detail}; ${failure}` : failure } : {}),
      ...(actor ? { who: actor } : {}),
    });
  }
  services.events.on(activityFromEvents((record) => services.activity.record(record)));

  return {
    services,
    async handle(channel, payload, context) {
      try {
        if (typeof channel !== 'string' || !isChannelName(channel)) {
          return fail(new AppError('bad_request', `Unknown channel "${String(channel).slice(0, 100)}".`, { details: because(reason('app.channelUnknown')) }));
        }
        const result = await dispatch(channel, payload, context);
        if (!result.ok && result.error.code === 'internal') logger.warn(`${channel} failed`, { caller: context?.caller, code: result.error.code });
        return result;
      } catch (error) {
        const shape = toErrorShape(error, logger, typeof channel === 'string' ? channel : 'handle');
        if (shape.code !== 'internal') logger.info(`${String(channel)} failed`, { caller: context?.caller, code: shape.code, status: shape.status });
        return { ok: false, error: shape };
      }
    },
    onEvent: (listener) => services.events.on(listener),
    start: () => services.start(),
    dispose: () => services.dispose(),
    emulatorStartup: () => services.emulator.startup(),
    grantFiles: (paths, window) => services.files.grant(paths, window, { access: 'read' }),
    revokeGrants: (window) => services.files.revokeOwner(window),
  };
}

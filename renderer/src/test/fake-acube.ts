import type { AcubeBridge, ChannelName, Envelope, EventName, EventPayload } from '../../../shared/contract';
import type { AppErrorShape } from '../../../shared/contract/errors';

type Handler = (payload: unknown) => Envelope<unknown> | Promise<Envelope<unknown>>;

export const ok = <T>(value: T): Envelope<T> => ({ ok: true, value });
export const fail = (code: AppErrorShape['code'], message: string): Envelope<never> => ({ ok: false, error: { code, message } });

/** An in-memory `window.acube` for tests: per-channel handlers, recorded calls, events on demand. */
export function createFakeAcube(handlers: Partial<Record<ChannelName | string, Handler>> = {}) {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const calls: { channel: string; payload: unknown }[] = [];
  const acube: AcubeBridge = {
    async invoke(channel, payload) {
      calls.push({ channel, payload });
      const handler = handlers[channel];
      return handler ? handler(payload) : fail('bad_request', `No fake handler for ${channel}`);
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set();
      set.add(listener);
      listeners.set(event, set);
      return () => set.delete(listener);
    },
  };
  return {
    acube,
    calls,
    handlers,
    callsOf: (channel: string) => calls.filter((call) => call.channel === channel),
    emit<E extends EventName>(event: E, payload: EventPayload<E>) {
      listeners.get(event)?.forEach((listener) => listener(payload));
    },
    listenerCount: (event: string) => listeners.get(event)?.size ?? 0,
  };
}

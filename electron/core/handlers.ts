/**
 * The handler registry: each area exports `createXHandlers(services) → Partial<Handlers>` and
 * app.ts merges them. A handler for channel C receives C's parsed input and returns C's output.
 */
import type { ChannelName, ChannelOutput, ChannelParsedInput } from '../../shared/contract';
import type { CallContext } from './app-types';
import type { CoreServices } from './services';

export type Handler<C extends ChannelName> = (input: ChannelParsedInput<C>, context: CallContext) => Promise<ChannelOutput<C>>;
export type Handlers = { [C in ChannelName]: Handler<C> };
export type HandlerFactory = (services: CoreServices) => Partial<Handlers>;

/** Merges the areas' handlers; two areas claiming one channel is a programming error. */
export function mergeHandlers(parts: ReadonlyArray<Partial<Handlers>>): Partial<Handlers> {
  const merged: Partial<Record<ChannelName, unknown>> = {};
  for (const part of parts) {
    for (const [channel, handler] of Object.entries(part) as Array<[ChannelName, unknown]>) {
      if (handler === undefined) continue;
      if (merged[channel] !== undefined) throw new Error(`Two handlers were registered for the channel "${channel}".`);
      merged[channel] = handler;
    }
  }
  return merged as Partial<Handlers>;
}

/** Calls another area's handler directly (already-parsed input; no activity record). */
export type Invoke = <C extends ChannelName>(channel: C, input: ChannelParsedInput<C>) => Promise<ChannelOutput<C>>;
/** An area built on other areas' channels (exports of their lists); created after the others. */
export type LinkedHandlerFactory = (services: CoreServices, invoke: Invoke) => Partial<Handlers>;

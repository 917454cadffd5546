import {
  useMutation,
  useQuery,
  type QueryKey,
  type UseMutationOptions,
  type UseQueryOptions,
} from '@tanstack/react-query';
import type { ChannelInput, ChannelName, ChannelOutput } from '../../../shared/contract';
import type { AppError } from '../../../shared/contract/errors';
import { bridge } from './index';

declare module '@tanstack/react-query' {
  interface Register {
    defaultError: AppError;
  }
}

/** Query keys: one per channel + input, so `['bridge', channel]` invalidates every call of a channel. */
export const bridgeKeys = {
  all: ['bridge'] as const,
  channel: (channel: ChannelName) => ['bridge', channel] as const,
  call: <C extends ChannelName>(channel: C, input?: ChannelInput<C>) => ['bridge', channel, input ?? {}] as const,
};

export const channelOfKey = (key: QueryKey): string | undefined =>
  key[0] === 'bridge' && typeof key[1] === 'string' ? key[1] : undefined;

type QueryOptions<C extends ChannelName> = Omit<
  UseQueryOptions<ChannelOutput<C>, AppError, ChannelOutput<C>>,
  'queryKey' | 'queryFn'
>;

/** A cached read of a channel; events from the core keep it fresh (see useBridgeEventSync). */
export function useBridgeQuery<C extends ChannelName>(channel: C, input?: ChannelInput<C>, options?: QueryOptions<C>) {
  return useQuery<ChannelOutput<C>, AppError, ChannelOutput<C>>({
    queryKey: bridgeKeys.call(channel, input),
    queryFn: () => (bridge.invoke as (c: C, i?: ChannelInput<C>) => Promise<ChannelOutput<C>>)(channel, input),
    ...options,
  });
}

type MutationOptions<C extends ChannelName> = Omit<
  UseMutationOptions<ChannelOutput<C>, AppError, ChannelInput<C>>,
  'mutationFn'
>;

/** A write through a channel. */
export function useBridgeMutation<C extends ChannelName>(channel: C, options?: MutationOptions<C>) {
  return useMutation<ChannelOutput<C>, AppError, ChannelInput<C>>({
    mutationFn: (input) => (bridge.invoke as (c: C, i: ChannelInput<C>) => Promise<ChannelOutput<C>>)(channel, input),
    ...options,
  });
}

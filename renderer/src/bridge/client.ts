import type {
  AcubeBridge,
  ChannelInput,
  ChannelName,
  ChannelOutput,
  EventName,
  EventPayload,
} from '../../../shared/contract';
import { AppError } from '../../../shared/contract/errors';
import { parseEnvelope, toAppError } from './envelope';

/** Lets callers omit the input of channels whose input is optional (e.g. `session.status`). */
export type InputArgs<C extends ChannelName> = undefined extends ChannelInput<C>
  ? [input?: ChannelInput<C>]
  : [input: ChannelInput<C>];

/**
 * Decides what a call that failed with `unauthorized` does: when the UI shows a signed-in session,
 * `relogin` asks the user to sign in again and resolves once they did (rejects if they sign out).
 */
export interface ReloginCoordinator {
  isSignedIn(): boolean;
  relogin(error: AppError): Promise<void>;
}

export interface BridgeClient {
  invoke<C extends ChannelName>(channel: C, ...args: InputArgs<C>): Promise<ChannelOutput<C>>;
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
  setReloginCoordinator(coordinator: ReloginCoordinator | null): void;
}

/** Session calls answer `unauthorized` for wrong credentials; they must never trigger a re-login. */
const neverRelogin = (channel: string): boolean => channel.startsWith('session.');

export function createBridgeClient(acube: AcubeBridge): BridgeClient {
  let coordinator: ReloginCoordinator | null = null;
  /** One dialog for all the calls that hit the same expiry. */
  let pendingRelogin: Promise<void> | null = null;

  async function callOnce(channel: string, input: unknown): Promise<unknown> {
    let raw: unknown;
    try {
      raw = await acube.invoke(channel, input ?? {});
    } catch (error) {
      throw toAppError(error, channel);
    }
    const envelope = parseEnvelope(raw, channel);
    if (!envelope.ok) throw AppError.from(envelope.error);
    return envelope.value;
  }

  function waitForRelogin(active: ReloginCoordinator, error: AppError): Promise<void> {
    if (!pendingRelogin) {
      pendingRelogin = Promise.resolve()
        .then(() => active.relogin(error))
        .finally(() => {
          pendingRelogin = null;
        });
    }
    return pendingRelogin;
  }

  async function invoke(channel: string, input: unknown): Promise<unknown> {
    try {
      return await callOnce(channel, input);
    } catch (error) {
      const active = coordinator;
      const mayRelogin =
        error instanceof AppError && error.code === 'unauthorized' && !neverRelogin(channel) && active?.isSignedIn();
      if (!mayRelogin || !active) throw error;
      try {
        await waitForRelogin(active, error);
      } catch {
        throw error; // the user signed out instead: the original failure stands
      }
      return callOnce(channel, input);
    }
  }

  return {
    invoke: invoke as BridgeClient['invoke'],
    on: (event, listener) => acube.on(event, listener as (payload: unknown) => void),
    setReloginCoordinator(next) {
      coordinator = next;
    },
  };
}

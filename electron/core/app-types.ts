import type { Envelope, EventName, EventPayload } from '../../shared/contract';
import type { EmulatorStartupLine } from './emulator-runner/startup-line';

/** Who is calling: the shells check the frame/origin before they get here. */
export interface CallContext {
  /** A label for logs: `ipc:<frame url>` or `bridge`. */
  caller: string;
  /** Bytes of files sent by the browser-shell bridge, by the ids the payload refers to. */
}

export type EventListener = <E extends EventName>(event: E, payload: EventPayload<E>) => void;

/** The core as the shells see it: route a channel call, subscribe to events, shut down. */
export interface CoreApp {
  /** Validates the payload against the contract and runs the handler; never throws. */
  handle(channel: string, payload: unknown, context: CallContext): Promise<Envelope<unknown>>;
  onEvent(listener: EventListener): () => void;
  /** Starts background work (the emulator for the emulator profile, token timers, journal reconcile). */
  start(): Promise<void>;
  dispose(): Promise<void>;
  /** The running local emulator's startup line (DESIGN §5.1), for the browser shell's own startup line. */
  emulatorStartup(): EmulatorStartupLine | undefined;
}

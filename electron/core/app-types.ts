import type { Envelope, EventName, EventPayload, GrantedFile } from '../../shared/contract';
import type { EmulatorStartupLine } from './emulator-runner/startup-line';

/** Who is calling: the shells check the frame/origin before they get here. */
export interface CallContext {
  /** A label for logs: `ipc:<frame url>` or `bridge`. */
  caller: string;
  /**
   * The window the call comes from (`electron:<webContents id>`, `browser`): file handles are
   * granted to one window and resolved only for it. Defaults to `caller`.
   */
  window?: string;
}

/** Whose handles a call may use. */
export const ownerOf = (context: CallContext): string => context.window ?? context.caller;

export type EventListener = <E extends EventName>(event: E, payload: EventPayload<E>) => void;

/** The core as the shells see it: route a channel call, subscribe to events, shut down. */
export interface CoreApp {
  /** Validates the payload against the contract and runs the handler; never throws. */
  handle(channel: string, payload: unknown, context: CallContext): Promise<Envelope<unknown>>;
  onEvent(listener: EventListener): () => void;
  /** Starts background work (the emulator for the emulator profile, token timers, journal reconcile). */
  start(): Promise<void>;
  dispose(): Promise<void>;
  /**
   * Grants files the shell vouches for (Electron: paths the preload resolved from real dropped or
   * picked files) to one window, for reading; `null` where nothing was granted. Not a contract
   * channel: the renderer cannot call it.
   */
  grantFiles(paths: readonly string[], window: string): Promise<Array<GrantedFile | null>>;
  /** Forgets a window's grants (it closed or navigated). */
  revokeGrants(window: string): void;
  /** The running local emulator's startup line (DESIGN §5.1), for the browser shell's own startup line. */
  emulatorStartup(): EmulatorStartupLine | undefined;
}

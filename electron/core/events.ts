/** The core's typed event bus: services emit contract events, the shells forward them to the renderer. */
import type { EventName, EventPayload } from '../../shared/contract';
import type { EventListener } from './app-types';
import type { Logger } from './ports';

export interface CoreEvents {
  emit<E extends EventName>(event: E, payload: EventPayload<E>): void;
  /** Subscribes to every event; returns the unsubscribe function. */
  on(listener: EventListener): () => void;
}

export function createCoreEvents(logger: Logger): CoreEvents {
  const listeners = new Set<EventListener>();
  return {
    emit(event, payload) {
      for (const listener of [...listeners]) {
        try {
          listener(event, payload);
        } catch (error) {
          logger.error('An event listener failed', { event, message: error instanceof Error ? error.message : String(error) });
        }
      }
    },
    on(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

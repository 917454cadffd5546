import type { Clock } from '../ports';

/** setTimeout overflows above 2^31-1 ms (~24.8 days); longer waits are chained. */
const MAX_TIMER_MS = 2_147_483_647;

export function createSystemClock(): Clock {
  return {
    now: () => Date.now(),
    setTimeout(fn, ms) {
      const due = Date.now() + Math.max(0, ms);
      let handle: NodeJS.Timeout | undefined;
      const arm = (): void => {
        const left = due - Date.now();
        handle = setTimeout(left > MAX_TIMER_MS ? arm : fn, Math.min(Math.max(0, left), MAX_TIMER_MS));
        handle.unref?.();
      };
      arm();
      return {
        cancel: () => {
          if (handle) clearTimeout(handle);
        },
      };
    },
  };
}

/** Progress events at most every `intervalMs` (≤ 10 per second by default), the last one always sent. */
export interface Throttle {
  /** Something changed: emit now or soon. */
  poke(): void;
  /** Emit now (state changes, the final event) and drop any pending one. */
  flush(): void;
  dispose(): void;
}

export function createThrottle(emit: () => void, intervalMs = 100): Throttle {
  let last = 0;
  let timer: NodeJS.Timeout | undefined;
  const fire = (): void => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    last = Date.now();
    emit();
  };
  return {
    poke() {
      if (timer) return;
      const wait = last + intervalMs - Date.now();
      if (wait <= 0) fire();
      else {
        timer = setTimeout(fire, wait);
        timer.unref?.();
      }
    },
    flush: fire,
    dispose() {
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
  };
}

/**
 * Makes the emulator exit when the app that started it is gone, even when the app was killed
 * with no chance to stop it (SIGKILL, a crash, Task Manager): otherwise it would keep its five
 * ports and keep writing the data folder the next app instance uses.
 *
 * Two signals, whichever comes first:
 * - the stdin pipe the parent holds open reaches its end (the OS closes it when the parent dies;
 *   immediate, and works on every platform);
 * - the parent's pid stops existing, or this process is re-parented (polled: also covers hosts that
 *   cannot give a pipe, such as Electron's utilityProcess).
 */
export interface ParentWatchOptions {
  parentPid?: number;
  watchStdin: boolean;
  onParentGone: (why: string) => void;
  pollMs?: number;
}

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM only means it exists (and runs as another user).
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

export function watchParent(options: ParentWatchOptions): () => void {
  let done = false;
  const gone = (why: string): void => {
    if (done) return;
    done = true;
    stop();
    options.onParentGone(why);
  };
  let timer: NodeJS.Timeout | undefined;
  const { parentPid } = options;
  if (parentPid !== undefined) {
    const startedUnder = process.ppid;
    timer = setInterval(() => {
      if (!isAlive(parentPid)) gone(`the app that started it (pid ${parentPid}) is gone`);
      // Re-parented (Unix): the original parent died, even if its pid was reused since.
      else if (startedUnder === parentPid && process.ppid !== parentPid) gone(`the app that started it (pid ${parentPid}) is gone`);
    }, options.pollMs ?? 500);
    timer.unref();
  }
  const onEnd = (): void => gone('its parent closed the pipe it holds (the app is gone)');
  if (options.watchStdin) {
    process.stdin.on('end', onEnd);
    process.stdin.on('close', onEnd);
    process.stdin.on('error', onEnd);
    process.stdin.resume();
  }
  function stop(): void {
    if (timer) clearInterval(timer);
    if (options.watchStdin) {
      process.stdin.off('end', onEnd);
      process.stdin.off('close', onEnd);
      process.stdin.off('error', onEnd);
      process.stdin.pause();
      process.stdin.unref?.();
    }
  }
  return stop;
}

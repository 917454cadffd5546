/** Whether a process with this pid still runs (signal 0 only asks). For tests that check nothing is left running. */
export const isProcessAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

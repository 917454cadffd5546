/** "1:05:09" above an hour, "09:59" below, "00:00" once past. */
export function formatTimeLeft(milliseconds: number): string {
  const total = Math.max(0, Math.floor(milliseconds / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return hours > 0 ? `${hours}:${two(minutes)}:${two(seconds)}` : `${two(minutes)}:${two(seconds)}`;
}

export const warningThresholdMs = 10 * 60 * 1000;

export type TimeLeftTone = 'normal' | 'warning' | 'expired';

export function timeLeftTone(milliseconds: number): TimeLeftTone {
  if (milliseconds <= 0) return 'expired';
  return milliseconds < warningThresholdMs ? 'warning' : 'normal';
}

import { describe, expect, it } from 'vitest';
import { DeadlineError, withDeadline } from './deadline';

describe('bench deadlines', () => {
  it('passes the result through when the work finishes in time', async () => {
    await expect(withDeadline(Promise.resolve(42), 1_000, 'quick work')).resolves.toBe(42);
  });

  it('closes what the bench started, then fails with the step named, when the work hangs', async () => {
    let closed = false;
    const hanging = new Promise<number>(() => undefined);
    const failure = withDeadline(hanging, 20, 'The stuck step', async () => {
      closed = true;
    });
    await expect(failure).rejects.toThrow(DeadlineError);
    await expect(failure).rejects.toThrow('The stuck step did not finish within 20 ms.');
    expect(closed).toBe(true);
  });
});

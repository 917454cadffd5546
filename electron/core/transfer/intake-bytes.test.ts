import { describe, expect, it } from 'vitest';
import { createIntakeBytes } from './intake-bytes';

describe('createIntakeBytes', () => {
  it('keeps bytes up to its budget and hands each over once', () => {
    const kept = createIntakeBytes(10);
    const a = Buffer.from('123456');
    expect(kept.keep('a', a)).toBe(true);
    expect(kept.keep('b', Buffer.from('12345'))).toBe(false); // 11 bytes would pass the budget
    expect(kept.keep('c', Buffer.from('1234'))).toBe(true);
    expect(kept.heldBytes).toBe(10);
    expect(kept.take('a')).toBe(a);
    expect(kept.take('a')).toBeUndefined();
    expect(kept.heldBytes).toBe(4);
    expect(kept.keep('b', Buffer.from('12345'))).toBe(true);
    kept.drop('c');
    kept.drop('unknown');
    expect(kept.take('c')).toBeUndefined();
    expect(kept.heldBytes).toBe(5);
  });
});

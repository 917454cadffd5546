import { describe, expect, it } from 'vitest';
import { errorReasonKeys, errorReasonSchema, reason, reasonOf } from './error-reasons';

const [someKey] = errorReasonKeys;

/** What the core may put in `details`, well-formed or not. */
const candidates: Record<string, unknown> = {
  'a reason with parameters': { userMessage: reason('files.diskFull', { path: '/tmp/a.xml' }) },
  'a reason without parameters': { userMessage: reason('files.handleUnknown') },
  'parameters left out': { userMessage: { key: someKey } },
  'a number parameter': { userMessage: { key: 'files.tooLarge', params: { name: 'a.xml', size: 12, limit: 10 } } },
  'other details beside it': { userMessage: { key: someKey, params: {} }, path: '/x' },
  'an unknown key': { userMessage: { key: 'files.noSuchReason', params: {} } },
  'a key that is not a string': { userMessage: { key: 42, params: {} } },
  'a parameter that is an object': { userMessage: { key: someKey, params: { path: { nested: true } } } },
  'a parameter that is a boolean': { userMessage: { key: someKey, params: { path: true } } },
  'parameters that are a list': { userMessage: { key: someKey, params: ['a'] } },
  'parameters that are null': { userMessage: { key: someKey, params: null } },
  'a user message that is a string': { userMessage: 'Disk full' },
  'no user message': { path: '/x' },
  'details that are a string': 'oops',
  'no details': undefined,
  'null details': null,
};

describe('reasonOf', () => {
  it.each(Object.entries(candidates))('reads %s exactly as the reason schema does', (_name, details) => {
    const userMessage = typeof details === 'object' && details !== null ? (details as { userMessage?: unknown }).userMessage : undefined;
    const parsed = errorReasonSchema.safeParse(userMessage);
    expect(reasonOf(details)).toEqual(parsed.success ? parsed.data : undefined);
  });

  it('words a well-formed reason and refuses a malformed one', () => {
    expect(reasonOf({ userMessage: { key: 'files.diskFull', params: { path: 'a' } } })).toEqual({ key: 'files.diskFull', params: { path: 'a' } });
    expect(reasonOf({ userMessage: { key: 'files.noSuchReason' } })).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { parseBinaryPayload } from './binary-payload';

const call = (value: unknown, ...files: string[]) => {
  const json = Buffer.from(JSON.stringify(value));
  return { body: Buffer.concat([json, ...files.map((file) => Buffer.from(file))]), header: String(json.length) };
};

describe('a bridge call with its files as binary', () => {
  it('puts each file where its placeholder was, as a view of the body (no copy)', () => {
    const { body, header } = call({ files: [{ data: { $blob: 0, size: 3 } }, { data: { $blob: 1, size: 0 } }, { data: { $blob: 2, size: 2 } }], note: { size: 1 } }, 'abc', '', 'de');
    const parsed = parseBinaryPayload(body, header);
    if (!parsed.ok) throw new Error(parsed.message);
    const { files, note } = parsed.payload as { files: Array<{ data: Buffer }>; note: unknown };
    expect(files.map((file) => file.data.toString())).toEqual(['abc', '', 'de']);
    expect(files[0]!.data.buffer).toBe(body.buffer);
    // Only `{ $blob, size }` is a placeholder: other objects stay as they are.
    expect(note).toEqual({ size: 1 });
  });

  it('refuses placeholders out of order, sizes that do not add up, a missing or false JSON length, and bad JSON', () => {
    const swapped = call({ a: { $blob: 1, size: 1 }, b: { $blob: 0, size: 1 } }, 'x', 'y');
    expect(parseBinaryPayload(swapped.body, swapped.header)).toEqual({ ok: false, message: 'The files of a binary bridge call are numbered out of order.' });
    const extra = call({ a: { $blob: 0, size: 1 } }, 'xy');
    expect(parseBinaryPayload(extra.body, extra.header)).toEqual({ ok: false, message: 'The request carries 2 bytes of files, but its JSON announces 1.' });
    expect(parseBinaryPayload(extra.body, undefined)).toMatchObject({ ok: false, message: expect.stringContaining('x-ledgerdesk-json-bytes') });
    expect(parseBinaryPayload(extra.body, '9999')).toMatchObject({ ok: false });
    expect(parseBinaryPayload(extra.body, '-1')).toMatchObject({ ok: false });
    expect(parseBinaryPayload(Buffer.from('{"a":'), '5')).toMatchObject({ ok: false, message: expect.stringContaining('not valid JSON') });
  });
});

import type { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { uploadBody } from './upload-body';

async function text(content: Readable | Buffer): Promise<string> {
  if (Buffer.isBuffer(content)) return content.toString('utf8');
  const chunks: Buffer[] = [];
  for await (const chunk of content) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

describe('the POST /upload body', () => {
  // Sizes around the whole/streamed boundary and the base64 padding cases (1 and 2 bytes left over).
  it.each([1, 2, 3, 1000, 1024 * 1024, 1024 * 1024 + 1, 3 * 64 * 1024 * 2 + 2])('holds %i bytes exactly, as standard base64, with the declared length', async (size) => {
    const bytes = Buffer.alloc(size);
    for (let index = 0; index < size; index += 1) bytes[index] = (index * 7 + 3) % 256;
    const body = uploadBody({ country: 'PL', fileName: 'faktura "1".xml', e2eId: 'E2E-1', bytes });
    const json = await text(body.content);
    expect(Buffer.byteLength(json)).toBe(body.length);
    const parsed = JSON.parse(json) as Record<string, string>;
    expect(parsed).toMatchObject({ country: 'PL', file_name: 'faktura "1".xml', e2e_id: 'E2E-1' });
    expect(parsed.content).toBe(bytes.toString('base64'));
  });
});

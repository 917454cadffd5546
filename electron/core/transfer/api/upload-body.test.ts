import type { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createBodyBuffers, uploadBody, uploadContentSize, type UploadContent } from './upload-body';

async function text(content: Readable | Buffer): Promise<string> {
  if (Buffer.isBuffer(content)) return content.toString('utf8');
  const chunks: Buffer[] = [];
  for await (const chunk of content) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function patterned(size: number, seed = 3): Buffer {
  const bytes = Buffer.alloc(size);
  for (let index = 0; index < size; index += 1) bytes[index] = (index * 7 + seed) % 256;
  return bytes;
}

describe('the POST /upload body', () => {
  // Sizes around the whole/streamed boundary and the base64 padding cases (1 and 2 bytes left over).
  it.each([1, 2, 3, 1000, 1024 * 1024, 1024 * 1024 + 1, 3 * 64 * 1024 * 2 + 2])('holds %i bytes exactly, as standard base64, with the declared length', async (size) => {
    const bytes = patterned(size);
    const body = uploadBody({ country: 'PL', fileName: 'faktura "1".xml', e2eId: 'E2E-1', content: { kind: 'bytes', bytes } }, createBodyBuffers(2));
    const json = await text(body.content);
    expect(Buffer.byteLength(json)).toBe(body.length);
    const parsed = JSON.parse(json) as Record<string, string>;
    expect(parsed).toMatchObject({ country: 'PL', file_name: 'faktura "1".xml', e2e_id: 'E2E-1' });
    expect(parsed.content).toBe(bytes.toString('base64'));
  });

  it('is the same body whether the content comes as bytes or as the base64 the reading thread made', async () => {
    for (const size of [1, 2, 3, 65_537]) {
      const bytes = patterned(size);
      const fields = { country: 'IT' as const, fileName: 'a.xml', e2eId: 'E2E-2' };
      const fromBytes = uploadBody({ ...fields, content: { kind: 'bytes', bytes } });
      const fromBase64 = uploadBody({ ...fields, content: { kind: 'base64', base64: bytes.toString('base64') } }, createBodyBuffers(1));
      expect(await text(fromBase64.content)).toBe(await text(fromBytes.content));
      expect(fromBase64.length).toBe(fromBytes.length);
    }
  });

  it('knows the size of the file in it, either way', () => {
    const contents: UploadContent[] = [1, 2, 3, 10].flatMap((size) => [
      { kind: 'bytes' as const, bytes: patterned(size) },
      { kind: 'base64' as const, base64: patterned(size).toString('base64') },
    ]);
    expect(contents.map(uploadContentSize)).toEqual([1, 1, 2, 2, 3, 3, 10, 10]);
  });
});

describe('body buffers', () => {
  it('gives a released buffer to the next body: a later, shorter body holds only its own bytes', async () => {
    const buffers = createBodyBuffers(2);
    const first = uploadBody({ country: 'IT', fileName: 'long.xml', e2eId: 'E2E-L', content: { kind: 'bytes', bytes: patterned(70_000, 1) } }, buffers);
    const firstMemory = (first.content as Buffer).buffer;
    first.release();
    first.release(); // twice is once
    expect(buffers.free).toBe(1);
    const shortBytes = patterned(10, 9);
    const second = uploadBody({ country: 'IT', fileName: 's.xml', e2eId: 'E2E-S', content: { kind: 'bytes', bytes: shortBytes } }, buffers);
    expect((second.content as Buffer).buffer).toBe(firstMemory);
    expect(buffers.free).toBe(0);
    const json = await text(second.content);
    expect(json.length).toBe(second.length);
    expect(JSON.parse(json)).toEqual({ country: 'IT', file_name: 's.xml', e2e_id: 'E2E-S', content: shortBytes.toString('base64') });
  });

  it('a body longer than every free buffer gets its own, and no more than `keep` wait (the smallest goes)', () => {
    const buffers = createBodyBuffers(2);
    const small = buffers.acquire(10);
    small.release();
    const big = buffers.acquire(200_000);
    expect(big.bytes.length).toBe(200_000);
    expect(buffers.free).toBe(1); // the small one was not big enough, so it still waits
    const other = buffers.acquire(100);
    expect(other.bytes.buffer).toBe(small.bytes.buffer);
    const third = buffers.acquire(50);
    big.release();
    other.release();
    third.release();
    expect(buffers.free).toBe(2);
    // The biggest is kept: it serves any whole body.
    expect(buffers.acquire(150_000).bytes.buffer).toBe(big.bytes.buffer);
  });

  it('a streamed (large) body takes no buffer', () => {
    const buffers = createBodyBuffers(2);
    const body = uploadBody({ country: 'IT', fileName: 'big.xml', e2eId: 'E2E-B', content: { kind: 'bytes', bytes: patterned(1024 * 1024 + 1) } }, buffers);
    expect(Buffer.isBuffer(body.content)).toBe(false);
    body.release();
    expect(buffers.free).toBe(0);
  });
});

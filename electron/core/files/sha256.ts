/** SHA-256 (hex) of bytes in hand, and of a file read as a stream (any size). */
import crypto from 'node:crypto';
import { createReadStream } from 'node:fs';

export const sha256Hex = (bytes: Uint8Array): string => crypto.createHash('sha256').update(bytes).digest('hex');

export async function hashFile(filePath: string): Promise<{ sha256: string; size: number }> {
  const hash = crypto.createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(filePath)) {
    const buffer = chunk as Buffer;
    hash.update(buffer);
    size += buffer.length;
  }
  return { sha256: hash.digest('hex'), size };
}

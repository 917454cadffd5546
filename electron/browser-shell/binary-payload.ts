/**
 * A bridge call with files in it, as the bridge script sends it (`JSON_BYTES_HEADER`): the call's
 * JSON, in which each Blob is `{"$blob": i, "size": n}`, then the Blobs' bytes in order. Each
 * placeholder becomes a view of the body's own bytes (no copy); the channel's zod schema then
 * decides where binary is allowed (`uploads.add`'s `{ kind: 'binary', data }` only).
 */

type Parsed = { ok: true; payload: unknown } | { ok: false; message: string };

const isPlaceholder = (value: unknown): value is { $blob: number; size: number } => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return keys.length === 2 && keys.includes('$blob') && keys.includes('size');
};

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

export function parseBinaryPayload(body: Buffer, jsonBytesHeader: string | undefined): Parsed {
  const jsonBytes = Number(jsonBytesHeader);
  if (jsonBytesHeader === undefined || !/^\d+$/.test(jsonBytesHeader) || !isCount(jsonBytes) || jsonBytes > body.length) {
    return { ok: false, message: 'A binary bridge call must give the length of its JSON part (x-ledgerdesk-json-bytes) within the body.' };
  }
  // Placeholders are numbered in the order the files follow the JSON, which is the order the
  // reviver meets them: each one's bytes start where the previous one's ended.
  let files = 0;
  let offset = jsonBytes;
  let bad: string | null = null;
  let payload: unknown;
  try {
    payload = JSON.parse(body.toString('utf8', 0, jsonBytes), (_key, value: unknown) => {
      if (!isPlaceholder(value)) return value;
      if (!isCount(value.$blob) || !isCount(value.size) || value.$blob !== files) {
        bad ??= 'The files of a binary bridge call are numbered out of order.';
        return value;
      }
      const bytes = body.subarray(offset, offset + value.size);
      files += 1;
      offset += value.size;
      return bytes;
    });
  } catch (error) {
    return { ok: false, message: `The JSON part of the request is not valid JSON (${error instanceof Error ? error.message : 'parse error'}).` };
  }
  if (bad !== null) return { ok: false, message: bad };
  if (offset !== body.length) {
    return { ok: false, message: `The request carries ${body.length - jsonBytes} bytes of files, but its JSON announces ${offset - jsonBytes}.` };
  }
  return { ok: true, payload };
}

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
  const sizes: number[] = [];
  let bad: string | null = null;
  let payload: unknown;
  try {
    payload = JSON.parse(body.toString('utf8', 0, jsonBytes), (_key, value: unknown) => {
      if (!isPlaceholder(value)) return value;
      if (!isCount(value.$blob) || !isCount(value.size) || value.$blob !== sizes.length) bad ??= 'The files of a binary bridge call are numbered out of order.';
      else sizes.push(value.size);
      return value;
    });
  } catch (error) {
    return { ok: false, message: `The JSON part of the request is not valid JSON (${error instanceof Error ? error.message : 'parse error'}).` };
  }
  if (bad !== null) return { ok: false, message: bad };
  const total = sizes.reduce((sum, size) => sum + size, jsonBytes);
  if (total !== body.length) {
    return { ok: false, message: `The request carries ${body.length - jsonBytes} bytes of files, but its JSON announces ${total - jsonBytes}.` };
  }
  const offsets: number[] = [];
  let offset = jsonBytes;
  for (const size of sizes) {
    offsets.push(offset);
    offset += size;
  }
  return { ok: true, payload: revive(payload, body, offsets, sizes) };
}

/** The parsed JSON with each placeholder replaced by its bytes (a view of the body). */
function revive(value: unknown, body: Buffer, offsets: readonly number[], sizes: readonly number[]): unknown {
  if (Array.isArray(value)) return value.map((item) => revive(item, body, offsets, sizes));
  if (typeof value !== 'object' || value === null) return value;
  if (isPlaceholder(value)) {
    const start = offsets[value.$blob]!;
    return body.subarray(start, start + sizes[value.$blob]!);
  }
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[key] = revive(item, body, offsets, sizes);
  return out;
}

/**
 * Reads an untrusted ZIP with every limit checked before the work it bounds: the entry count from
 * the end record (ZIP64 included) before the central directory is walked, the declared sizes from
 * the directory before anything is inflated, and each entry's actual size while it inflates (it
 * stops at what the entry declared, or the limit). fflate's `unzipSync` walked every claimed entry
 * and inflated whatever an entry held before any of this could stop it (issue 24, point 2).
 */
import { Inflate } from 'fflate';
import { AppError, because, reason } from '../../../shared/contract';

export interface ZipLimits {
  /** Files listed (directories and system files not counted). */
  entries: number;
  /** All files together, unpacked. */
  uncompressedBytes: number;
  /** One file, unpacked. */
  entryBytes: number;
  /** Unpacked / packed above which a file over 1 MiB is taken for a bomb. */
  ratio: number;
}

export interface ZipEntry {
  path: string;
  bytes: Uint8Array;
}

/** Entries kept out of the listing: folders and the system's own files. */
export const isSystemEntry = (name: string): boolean => name.endsWith('/') || name.startsWith('__MACOSX/') || /(^|\/)(\._|\.DS_Store$|Thumbs\.db$)/.test(name);

const MiB = 1024 * 1024;
const INFLATE_CHUNK = 4096;
const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

const megabytes = (bytes: number): string => `${Math.round(bytes / MiB)} MB`;

interface Directory {
  count: number;
  offset: number;
  size: number;
}

interface Declared {
  path: string;
  method: number;
  encrypted: boolean;
  packed: number;
  unpacked: number;
  localOffset: number;
}

export function readZipEntries(zipName: string, bytes: Uint8Array, limits: ZipLimits): { entries: ZipEntry[]; skipped: Array<{ name: string; reason: string }> } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const unreadable = (why: string): AppError =>
    new AppError('validation', `${zipName} is not a readable ZIP archive (${why}).`, { details: because(reason('viewer.zipUnreadable', { name: zipName })) });
  const u16 = (at: number): number => (at + 2 <= bytes.length ? view.getUint16(at, true) : Number.NaN);
  const u32 = (at: number): number => (at + 4 <= bytes.length ? view.getUint32(at, true) : Number.NaN);
  const u64 = (at: number): number => (at + 8 <= bytes.length ? Number(view.getBigUint64(at, true)) : Number.NaN);

  const directory = ((): Directory => {
    let end = -1;
    for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--) {
      if (u32(at) === EOCD) {
        end = at;
        break;
      }
    }
    if (end < 0) throw unreadable('no end of central directory record');
    let found: Directory = { count: u16(end + 10), size: u32(end + 12), offset: u32(end + 16) };
    if (found.count === 0xffff || found.size === 0xffffffff || found.offset === 0xffffffff) {
      if (u32(end - 20) !== ZIP64_LOCATOR) throw unreadable('a ZIP64 archive without its locator');
      const record = u64(end - 20 + 8);
      if (!(record >= 0 && u32(record) === ZIP64_EOCD)) throw unreadable('a ZIP64 end record that is not where its locator says');
      found = { count: u64(record + 32), size: u64(record + 40), offset: u64(record + 48) };
    }
    return found;
  })();

  // The claimed count, refused before a single directory entry is read.
  if (!(directory.count <= limits.entries * 4)) throw tooManyFiles(zipName, limits.entries);
  if (!(directory.offset + directory.size <= bytes.length) || directory.count * 46 > directory.size) throw unreadable('its central directory does not fit in the file');

  const declared: Declared[] = [];
  let total = 0;
  for (let at = directory.offset, index = 0; index < directory.count; index++) {
    if (u32(at) !== CENTRAL) throw unreadable(`directory entry ${index + 1} is damaged`);
    const flags = u16(at + 8);
    const method = u16(at + 10);
    let packed = u32(at + 20);
    let unpacked = u32(at + 24);
    const nameLength = u16(at + 28);
    const extraLength = u16(at + 30);
    const commentLength = u16(at + 32);
    let localOffset = u32(at + 42);
    const path = new TextDecoder(flags & 0x800 ? 'utf-8' : 'latin1').decode(bytes.subarray(at + 46, at + 46 + nameLength));
    // ZIP64 sizes and offset, in that order, for each field the directory marks as 0xFFFFFFFF.
    for (let extra = at + 46 + nameLength; extra + 4 <= at + 46 + nameLength + extraLength; extra += 4 + u16(extra + 2)) {
      if (u16(extra) !== 0x0001) continue;
      let field = extra + 4;
      if (unpacked === 0xffffffff) {
        unpacked = u64(field);
        field += 8;
      }
      if (packed === 0xffffffff) {
        packed = u64(field);
        field += 8;
      }
      if (localOffset === 0xffffffff) localOffset = u64(field);
    }
    at += 46 + nameLength + extraLength + commentLength;
    if (Number.isNaN(unpacked) || Number.isNaN(packed) || Number.isNaN(localOffset)) throw unreadable(`directory entry ${index + 1} is cut short`);
    if (isSystemEntry(path)) continue;
    if (declared.length >= limits.entries) throw tooManyFiles(zipName, limits.entries);
    const name = path.split('/').pop() ?? path;
    if (unpacked > limits.entryBytes) throw entryTooBig(zipName, name, limits.entryBytes);
    if (packed > 0 && unpacked > MiB && unpacked / packed > limits.ratio) {
      throw new AppError('too_large', `${zipName} looks like a ZIP bomb: ${name} expands ${Math.round(unpacked / packed)} times. It was not unpacked.`, { details: because(reason('viewer.zipBomb', { name: zipName })) });
    }
    total += unpacked;
    if (total > limits.uncompressedBytes) {
      throw new AppError('too_large', `${zipName} unpacks to more than ${megabytes(limits.uncompressedBytes)}, more than the viewer opens.`, {
        details: because(reason('viewer.zipTooBig', { name: zipName, limit: megabytes(limits.uncompressedBytes) })),
      });
    }
    declared.push({ path, method, encrypted: (flags & 1) === 1, packed, unpacked, localOffset });
  }

  const entries: ZipEntry[] = [];
  const skipped: Array<{ name: string; reason: string }> = [];
  for (const entry of declared) {
    const name = entry.path.split('/').pop() ?? entry.path;
    if (entry.encrypted) {
      skipped.push({ name, reason: 'The file is encrypted.' });
      continue;
    }
    if (u32(entry.localOffset) !== LOCAL) throw unreadable(`the data of ${name} is not where the directory says`);
    const start = entry.localOffset + 30 + u16(entry.localOffset + 26) + u16(entry.localOffset + 28);
    const data = bytes.subarray(start, start + entry.packed);
    if (data.length !== entry.packed) throw unreadable(`${name} is cut short`);
    if (entry.method === 0) {
      entries.push({ path: entry.path, bytes: data.slice(0, entry.unpacked) });
    } else if (entry.method === 8) {
      entries.push({ path: entry.path, bytes: inflateAtMost(zipName, name, data, entry.unpacked) });
    } else {
      skipped.push({ name, reason: `The file is compressed with a method the viewer does not read (${entry.method}).` });
    }
  }
  return { entries, skipped };
}

/** Inflates one entry, stopping as soon as it holds more than it declared. */
function inflateAtMost(zipName: string, name: string, data: Uint8Array, declared: number): Uint8Array {
  const output = new Uint8Array(declared);
  let filled = 0;
  let overflow = false;
  const inflater = new Inflate((chunk) => {
    if (overflow) return;
    if (filled + chunk.length > declared) {
      overflow = true;
      return;
    }
    output.set(chunk, filled);
    filled += chunk.length;
  });
  try {
    for (let at = 0; at < data.length && !overflow; at += INFLATE_CHUNK) inflater.push(data.subarray(at, at + INFLATE_CHUNK), at + INFLATE_CHUNK >= data.length);
  } catch (error) {
    throw new AppError('validation', `${zipName} is not a readable ZIP archive (${name}: ${(error as Error).message}).`, { details: because(reason('viewer.zipUnreadable', { name: zipName })) });
  }
  if (overflow) {
    throw new AppError('too_large', `${zipName} looks like a ZIP bomb: ${name} unpacks to more than the ${declared} bytes it declares. It was not unpacked.`, {
      details: because(reason('viewer.zipEntryLies', { name: zipName, entry: name })),
    });
  }
  return filled === declared ? output : output.slice(0, filled);
}

function tooManyFiles(zipName: string, max: number): AppError {
  return new AppError('too_large', `${zipName} holds more than ${max} files, more than the viewer lists. Open a smaller ZIP.`, { details: because(reason('viewer.zipTooManyFiles', { name: zipName, max })) });
}

function entryTooBig(zipName: string, entry: string, limit: number): AppError {
  return new AppError('too_large', `${entry} in ${zipName} unpacks to more than ${megabytes(limit)}, more than the viewer opens in one file.`, {
    details: because(reason('viewer.zipEntryTooBig', { name: zipName, entry, limit: megabytes(limit) })),
  });
}

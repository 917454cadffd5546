/**
 * The reading thread: reads and hashes files many per message, with synchronous calls (one
 * message per batch instead of four trips through libuv's pool per file, and a SHA-256 per file,
 * off the main thread). Files are read into one scratch buffer that grows to the largest file:
 * nothing is allocated per file except what is handed over.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { parentPort } from 'node:worker_threads';
import type { FileToRead, FileToTake } from '../read-and-hash';
import { readInFolder } from '../read-in-folder';
import type { ReaderRequest, ReaderResponse, ThreadError, ThreadHashed, ThreadInFolder, ThreadTaken } from './file-reader-protocol';

const port = parentPort;
if (!port) throw new Error('file-reader.worker.ts runs as a worker thread.');

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

let scratch = new Uint8Array(0);
const scratchFor = (size: number): Uint8Array => {
  if (scratch.length < size) scratch = new Uint8Array(Math.max(size, 2 * scratch.length));
  return scratch;
};

const errorOf = (error: unknown): ThreadError => {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return { kind: 'error', ...(code ? { code } : {}), message: error instanceof Error ? error.message : String(error) };
};

type ReadOne = { kind: 'read'; bytes: Uint8Array } | { kind: 'tooLarge'; size: number } | ThreadError;

/** Reads a file into the scratch buffer (its size first, through the same handle); `bytes` is a view of what was read. */
function readOne({ path, maxBytes }: FileToRead): ReadOne {
  let fd: number | undefined;
  try {
    fd = fs.openSync(path, 'r');
    const stat = fs.fstatSync(fd);
    if (stat.isDirectory()) return { kind: 'error', code: 'EISDIR', message: 'EISDIR: illegal operation on a directory, read' };
    if (stat.size > maxBytes) return { kind: 'tooLarge', size: stat.size };
    const target = scratchFor(stat.size);
    let filled = 0;
    while (filled < stat.size) {
      const read = fs.readSync(fd, target, filled, stat.size - filled, filled);
      // Shorter than it said: it is being rewritten. What was read (and hashed) is what is sent.
      if (read === 0) break;
      filled += read;
    }
    return { kind: 'read', bytes: target.subarray(0, filled) };
  } catch (error) {
    return errorOf(error);
  } finally {
    if (fd !== undefined) {
      try {
        fs.closeSync(fd);
      } catch {
        // Closing a file that was only read cannot lose anything.
      }
    }
  }
}

function hash(file: FileToRead): ThreadHashed {
  const read = readOne(file);
  return read.kind === 'read' ? { kind: 'hashed', size: read.bytes.length, sha256: sha256(read.bytes) } : read;
}

/** Small files come back as base64 text, encoded here; larger ones as a copy of their bytes, moved (not copied again) to the main thread. */
function take(file: FileToTake, transfer: ArrayBuffer[]): ThreadTaken {
  const read = readOne(file);
  if (read.kind !== 'read') return read;
  const { bytes } = read;
  const digest = sha256(bytes);
  if (bytes.length <= file.base64UpTo) {
    return { kind: 'base64', base64: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('base64'), size: bytes.length, sha256: digest };
  }
  const copy = bytes.slice();
  transfer.push(copy.buffer);
  return { kind: 'bytes', buffer: copy.buffer, size: bytes.length, sha256: digest };
}

/** A watched folder's files, each read from one descriptor; their bytes are moved to the main thread. */
function inFolder(files: ReaderRequest & { op: 'inFolder' }, transfer: ArrayBuffer[]): ThreadInFolder[] {
  return readInFolder(files.files).map((read) => {
    if (read.kind !== 'read') return read;
    const buffer = read.bytes.buffer as ArrayBuffer;
    transfer.push(buffer);
    return { kind: 'read', buffer, size: read.size, sha256: read.sha256, mtimeMs: read.mtimeMs };
  });
}

port.on('message', (request: ReaderRequest) => {
  const transfer: ArrayBuffer[] = [];
  const results = request.op === 'hash' ? request.files.map(hash) : request.op === 'take' ? request.files.map((file) => take(file, transfer)) : inFolder(request, transfer);
  const response: ReaderResponse = { id: request.id, results };
  port.postMessage(response, transfer);
});

/**
 * The intake stage, `add()`: dropped files (paths the core may read, or bytes) → checked, hashed
 * entries on disk, before any network call. A drop is added in growing chunks, each one durable
 * journal write, and sending starts after the first (as small as the sender's concurrency), so a
 * big drop starts moving at once. This is the entry point for core-side sources too (a watched
 * folder): they pass paths they own; the renderer's handles are resolved before they get here.
 */
import crypto from 'node:crypto';
import { reason, type Environment, type RejectedFile, type SessionUser, type UploadCountry } from '../../../shared/contract';
import { maxFileBytesForUpload } from '../../../shared/validation';
import type { FileReader } from '../files/file-reader';
import type { FileHashed } from '../files/read-and-hash';
import type { AccountRules } from './accounts';
import { messages } from './api/messages';
import type { BatchTracker } from './batches';
import type { EntryStore } from './entries';
import { expandDroppedFiles, prepareFile, type CandidateFile, type DroppedFile, type Prepared, type PreparedFile } from './intake';
import type { IntakeBytes } from './intake-bytes';
import type { BlobStore } from './journal/blobs';
import type { JournalEntry } from './journal/entry';

export interface AddUploadsInput {
  files: DroppedFile[];
  country: UploadCountry;
  /** The End-to-end ID template; the user's preference when absent. */
  e2eIdTemplate?: string;
}

export interface AddedFiles {
  batchId: string;
  entries: JournalEntry[];
  rejected: RejectedFile[];
}

export interface IntakeDeps {
  store: EntryStore;
  accounts: AccountRules;
  batches: BatchTracker;
  blobs: BlobStore;
  fileReader: Pick<FileReader, 'hashMany'>;
  intakeBytes: IntakeBytes;
  activeProfileId: () => string;
  activeEnvironment?: () => Environment;
  defaultTemplate: () => string;
  now: () => Date;
  random: () => number;
  /** Each chunk on disk is announced and handed to the sender. */
  added(localIds: readonly string[]): void;
  /** The first chunk's size: what the sender posts at once. */
  firstChunk: number;
  maxFilesPerAdd: number;
}

/** The second chunk is this large, and each later one twice the one before, up to `ADD_CHUNK_MAX`: fewer durable writes, each a disk flush. */
const ADD_CHUNK = 16;
const ADD_CHUNK_MAX = 128;

/** The same name and content: dropping a file again must not send it twice. */
const sameFileKey = (file: { fileName: string; sha256: string }): string => `${file.sha256}:${file.fileName}`;

const alreadySent = (file: PreparedFile, earlier: JournalEntry): RejectedFile => ({
  fileName: file.fileName,
  origin: file.origin,
  code: 'conflict',
  message:
    earlier.state === 'done'
      ? `${file.fileName} was already delivered (added ${earlier.createdAt.slice(0, 16).replace('T', ' ')} UTC, End-to-end ID ${earlier.e2eId}); it was not sent again.`
      : `${file.fileName} is already on its way (End-to-end ID ${earlier.e2eId}); it was not added a second time.`,
  reason:
    earlier.state === 'done'
      ? reason('uploads.alreadyDelivered', { name: file.fileName, at: `${earlier.createdAt.slice(0, 16).replace('T', ' ')} UTC`, e2eId: earlier.e2eId })
      : reason('uploads.alreadyOnItsWay', { name: file.fileName, e2eId: earlier.e2eId }),
});

export function createIntakeStage(deps: IntakeDeps): { add(input: AddUploadsInput): Promise<AddedFiles> } {
  const { store } = deps;

  /** Files of the active profile on their way or delivered to `country` (failed, refused and cancelled ones may be added again). */
  const sentOrSending = (country: UploadCountry): Map<string, JournalEntry> => {
    const profileId = deps.activeProfileId();
    const found = new Map<string, JournalEntry>();
    for (const entry of store.journal().entries()) {
      if (entry.profileId !== profileId || entry.country !== country || ['failed', 'rejected', 'cancelled'].includes(entry.state)) continue;
      found.set(sameFileKey(entry), entry);
    }
    return found;
  };

  const newEntry = (localId: string, file: PreparedFile, batchId: string, country: UploadCountry, account: SessionUser | undefined, at: string): JournalEntry => ({
    localId,
    batchId,
    profileId: deps.activeProfileId(),
    ...(account ? { accountUid: account.uid, accountEmail: account.email } : {}),
    origin: file.origin,
    fileName: file.fileName,
    source: file.source,
    sha256: file.sha256,
    size: file.size,
    country,
    e2eId: file.e2eId,
    state: 'queued',
    previousUploadIds: [],
    history: [{ at, state: 'queued', ...(account ? {} : { note: messages.waitingForSignIn, reason: reason('uploads.noteWaitingForSignIn') }) }],
    ...(file.warning ? { warning: file.warning, ...(file.warningReason ? { warningReason: file.warningReason } : {}) } : {}),
    sendAttempts: 0,
    autoResends: 0,
    notFoundResends: 0,
    adoptedAfterUncertain: false,
    createdAt: at,
    updatedAt: at,
  });

  /** Checks and hashes candidates, keeping their order; files on disk are read and hashed together on the reading thread (and read again at their turn to be sent). */
  async function prepareSome(input: AddUploadsInput, candidates: readonly CandidateFile[], firstCounter: number, template: string, at: Date) {
    const localIds = candidates.map(() => crypto.randomUUID());
    const onDisk = candidates.flatMap((candidate, index) =>
      candidate.content.kind === 'path' ? [{ index, path: candidate.content.path, maxBytes: maxFileBytesForUpload(candidate.fileName) }] : [],
    );
    const reads = new Map<number, FileHashed>();
    (await deps.fileReader.hashMany(onDisk)).forEach((read, position) => reads.set(onDisk[position]?.index ?? -1, read));
    const results = new Array<Prepared>(candidates.length);
    let next = 0;
    const worker = async (): Promise<void> => {
      for (let index = next++; index < candidates.length; index = next++) {
        const candidate = candidates[index];
        if (!candidate) continue;
        const read = reads.get(index);
        const environment = deps.activeEnvironment?.();
        const context = { country: input.country, e2eIdTemplate: template, now: at, counter: firstCounter + index, random: deps.random, blobs: deps.blobs, ...(environment ? { environment } : {}) };
        results[index] = await prepareFile(candidate, read ? { ...context, read } : context);
      }
    };
    await Promise.all(Array.from({ length: Math.min(4, candidates.length) }, worker));
    return results.map((prepared, index) => ({ localId: localIds[index] ?? '', prepared }));
  }

  /** One chunk checked, hashed and journaled (durably, with its blobs first); refused files go to `rejected`. */
  async function addChunk(chunk: Awaited<ReturnType<typeof prepareSome>>, batchId: string, country: UploadCountry, at: Date, sentBefore: Map<string, JournalEntry>, rejected: RejectedFile[]) {
    const account = deps.accounts.currentAccount();
    const entries: JournalEntry[] = [];
    const readBytes = new Map<string, Buffer>();
    for (const { localId, prepared } of chunk) {
      if (!prepared?.ok) {
        if (prepared) rejected.push(prepared.rejected);
        continue;
      }
      const earlier = sentBefore.get(sameFileKey(prepared.file));
      if (earlier) {
        rejected.push(alreadySent(prepared.file, earlier));
        continue;
      }
      const entry = newEntry(localId, prepared.file, batchId, country, account, at.toISOString());
      sentBefore.set(sameFileKey(entry), entry);
      entries.push(entry);
      if (prepared.bytes) readBytes.set(entry.localId, prepared.bytes);
    }
    if (entries.some((entry) => entry.source.kind === 'blob')) await deps.blobs.syncFolder();
    await store.journal().put(entries, { durable: true });
    for (const [localId, bytes] of readBytes) deps.intakeBytes.keep(localId, bytes);
    deps.added(entries.map((entry) => entry.localId));
    return entries;
  }

  return {
    async add(input) {
      const batchId = crypto.randomUUID();
      deps.batches.beginAdding(batchId);
      try {
        const maxFiles = deps.maxFilesPerAdd;
        const first = deps.firstChunk;
        // The first few dropped items are looked at on their own, so that their files leave while the rest are looked at.
        const head = await expandDroppedFiles(input.files.slice(0, first), maxFiles);
        const candidates: CandidateFile[] = [...head.files];
        const rejected: RejectedFile[] = [...head.rejected];
        // Started once the first files are on their way: its many look-ups would otherwise queue before their reads.
        let rest: Promise<{ files: CandidateFile[]; rejected: RejectedFile[] }> | undefined;
        let restMerged = false;
        const startRest = (): void => {
          if (rest) return;
          rest = expandDroppedFiles(input.files.slice(first), Math.max(0, maxFiles - head.files.length), maxFiles);
          rest.catch(() => undefined); // awaited below; never left unhandled should adding stop first
        };
        const withRest = async (): Promise<void> => {
          if (restMerged) return;
          startRest();
          const expanded = await rest;
          restMerged = true;
          candidates.push(...(expanded?.files ?? []));
          rejected.push(...(expanded?.rejected ?? []));
        };
        const added: JournalEntry[] = [];
        const template = input.e2eIdTemplate ?? deps.defaultTemplate();
        const at = deps.now();
        const sentBefore = sentOrSending(input.country);
        for (let start = 0, size = first; ; start += size, size = size < ADD_CHUNK ? ADD_CHUNK : Math.min(2 * size, ADD_CHUNK_MAX)) {
          if (start + size > candidates.length) await withRest();
          if (start >= candidates.length) break;
          const chunk = await prepareSome(input, candidates.slice(start, start + size), start + 1, template, at);
          added.push(...(await addChunk(chunk, batchId, input.country, at, sentBefore, rejected)));
          startRest();
        }
        deps.batches.endAdding(batchId, added.map((entry) => entry.localId), rejected.length);
        return { batchId, entries: added, rejected };
      } finally {
        deps.batches.abandonAdding(batchId);
      }
    },
  };
}

/**
 * Hands a checked batch to the core (`uploads.add`), which journals each file before any network
 * call. Large batches go in several calls so no call carries more than a few tens of MiB; each
 * call's files are read only just before it.
 */
import type { ChannelInput, ChannelOutput, RejectedFile, UploadCountry, UploadEntry, UploadFileRef } from '../../../../../shared/contract';
import type { DroppedFile } from '../intake/dropped-files';
import { encodedSize } from '../intake/file-ref';

export interface SendItem {
  draftId: string;
  dropped: DroppedFile;
  e2eId: string;
}

export interface SendDeps {
  add: (input: ChannelInput<'uploads.add'>) => Promise<ChannelOutput<'uploads.add'>>;
  /** One call's files as file refs (handles or bytes), or the Error that kept each from being read. */
  toFileRefs: (dropped: readonly DroppedFile[]) => Promise<Array<UploadFileRef | Error>>;
  onProgress?: (handedOver: number, total: number) => void;
  /** Files per call at most (default CALL_MAX_FILES). */
  maxFilesPerCall?: number;
}

export interface SendResult {
  batchIds: string[];
  entries: UploadEntry[];
  /** Files the core refused at once, and files that could not be read here. */
  rejected: RejectedFile[];
  /** Draft files now in the journal (or refused by it): they must not be offered again. */
  handledDraftIds: string[];
  /** A call failed: these draft files were not handed over and may be sent again. */
  failure: { error: unknown; notSentDraftIds: string[] } | null;
}

/**
 * Base64 carried by one call at most. Calls follow one another while the core sends: a call of
 * 4 MiB is carried and parsed long before the files of the one before are sent, and the bridge
 * never holds a drop's worth of text at once (24 MiB calls took the browser-shell route's peak
 * RSS past 500 MB; docs/performance.md, issue 12).
 */
export const CALL_BUDGET_BYTES = 4 * 1024 * 1024;
export const CALL_MAX_FILES = 200;
/**
 * The first call is small: the core starts sending as soon as it has journaled its files, while
 * the next call (read, encoded, carried, parsed) is on its way. A first call of 200 files kept the
 * first POST waiting for all of them (docs/performance.md, issue 12).
 */
export const FIRST_CALL_MAX_FILES = 8;

export function planCalls(items: readonly SendItem[], budget = CALL_BUDGET_BYTES, maxFiles = CALL_MAX_FILES, firstMaxFiles = FIRST_CALL_MAX_FILES): SendItem[][] {
  const calls: SendItem[][] = [];
  let current: SendItem[] = [];
  let bytes = 0;
  for (const item of items) {
    const size = encodedSize(item.dropped.file.size);
    const limit = calls.length === 0 ? Math.min(firstMaxFiles, maxFiles) : maxFiles;
    if (current.length > 0 && (bytes + size > budget || current.length >= limit)) {
      calls.push(current);
      current = [];
      bytes = 0;
    }
    current.push(item);
    bytes += size;
  }
  if (current.length > 0) calls.push(current);
  return calls;
}

const readProblem = (error: unknown): string => (error instanceof Error && error.message ? error.message : String(error));

export async function sendBatch(
  items: readonly SendItem[],
  options: { country: UploadCountry; template: string },
  deps: SendDeps,
): Promise<SendResult> {
  const result: SendResult = { batchIds: [], entries: [], rejected: [], handledDraftIds: [], failure: null };
  const calls = planCalls(items, CALL_BUDGET_BYTES, deps.maxFilesPerCall ?? CALL_MAX_FILES);
  const handled = new Set<string>();
  let handedOver = 0;
  deps.onProgress?.(0, items.length);
  for (const [index, call] of calls.entries()) {
    const files: Array<{ file: UploadFileRef; e2eId: string }> = [];
    let refs: Array<UploadFileRef | Error>;
    try {
      refs = await deps.toFileRefs(call.map((item) => item.dropped));
    } catch (error) {
      refs = call.map(() => (error instanceof Error ? error : new Error(String(error))));
    }
    for (const [position, item] of call.entries()) {
      const ref = refs[position] ?? new Error('The file could not be read.');
      if (ref instanceof Error) {
        result.rejected.push({ fileName: item.dropped.file.name, origin: item.dropped.relativePath, code: 'file', message: readProblem(ref) });
        result.handledDraftIds.push(item.draftId);
        handled.add(item.draftId);
      } else {
        files.push({ file: ref, e2eId: item.e2eId });
      }
    }
    const readable = call.filter((item) => !handled.has(item.draftId));
    if (files.length > 0) {
      try {
        const answer = await deps.add({ files, country: options.country, e2eIdTemplate: options.template });
        result.batchIds.push(answer.batchId);
        result.entries.push(...answer.entries);
        result.rejected.push(...answer.rejected);
      } catch (error) {
        const notSent = calls.slice(index).flat().filter((item) => !handled.has(item.draftId));
        result.failure = { error, notSentDraftIds: notSent.map((item) => item.draftId) };
        return result;
      }
    }
    for (const item of readable) {
      result.handledDraftIds.push(item.draftId);
      handled.add(item.draftId);
    }
    handedOver += call.length;
    deps.onProgress?.(handedOver, items.length);
  }
  return result;
}

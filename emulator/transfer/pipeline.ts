import { randomUUID } from 'node:crypto';
import type { SeededRandom } from '../context';
import type { TransferDocumentRecord, UploadRecord, UploadStatus } from './model';
import { terminalStatuses } from './model';
import { ksefNumber, nipFromText, sdiIdentifier } from './processing/destination-ids';
import { extractDocuments, type DocumentPiece } from './processing/extract';
import type { TransferStore } from './store';

export interface PipelineOptions {
  /** Time spent in each status; 0 runs every step at once. */
  stepDelayMs: number;
  now(): Date;
  random: SeededRandom;
  log(message: string): void;
  /**
   * The schema's complaints about one document (FatturaPA and KSeF against their official XSD), as
   * messages naming the element and line; empty when it is valid or not a document the schema covers.
   */
  schemaErrors?(piece: DocumentPiece, country: UploadRecord['country']): Promise<string[]>;
  /** Which documents `schemaErrors` must see; the others are accepted without waiting. */
  needsSchemaCheck?(piece: DocumentPiece, country: UploadRecord['country']): boolean;
}

const nextStatus: Partial<Record<UploadStatus, UploadStatus>> = {
  ingested: 'processing',
  processing: 'sent',
  sent: 'delivered',
};

/**
 * Moves uploads through `pending → ingested → processing → sent → delivered` (or `failed`), one
 * step per `stepDelayMs`. The file is read when leaving `pending`: an unreadable file ends
 * `failed` with the reasons; a readable one yields its transfer documents, which then follow the
 * upload's status and get their destination id when `sent`.
 */
export class UploadPipeline {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private closed = false;

  constructor(
    private readonly store: TransferStore,
    private readonly options: PipelineOptions,
  ) {}

  /** Starts (or, after a restart, resumes) the processing of an upload. */
  start(uploadId: string): void {
    if (this.closed) return;
    if (this.options.stepDelayMs === 0) this.runToEnd(uploadId);
    else this.schedule(uploadId);
  }

  /** Every step at once; a step that waits (the schema check) continues when it is done. */
  private runToEnd(uploadId: string): void {
    for (;;) {
      const more = this.step(uploadId);
      if (more === false) return;
      if (more !== true) {
        void more.then((next) => next && !this.closed && this.runToEnd(uploadId));
        return;
      }
    }
  }

  resumeAll(): void {
    for (const upload of this.store.unfinishedUploads()) this.start(upload.id);
  }

  close(): void {
    this.closed = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  private schedule(uploadId: string): void {
    const timer = setTimeout(() => {
      this.timers.delete(uploadId);
      if (this.closed) return;
      const more = this.step(uploadId);
      if (more === true) this.schedule(uploadId);
      else if (more !== false) void more.then((next) => next && !this.closed && this.schedule(uploadId));
    }, this.options.stepDelayMs);
    this.timers.set(uploadId, timer);
  }

  /** Advances one status; true when there is a further step to take (a promise of it while the schema is checked). */
  private step(uploadId: string): boolean | Promise<boolean> {
    const upload = this.store.getUpload(uploadId);
    if (!upload || terminalStatuses.has(upload.status) || upload.outcome === 'stuck') return false;
    try {
      if (upload.status === 'pending') return this.ingest(upload);
      const status = nextStatus[upload.status];
      if (!status) return false;
      this.moveTo(upload, status);
      return !terminalStatuses.has(status);
    } catch (error) {
      this.options.log(`transfer: processing upload ${uploadId} failed unexpectedly: ${(error as Error).stack ?? String(error)}`);
      this.fail(upload, ['The service could not process the file because of an internal error. Send the file again.']);
      return false;
    }
  }

  private ingest(upload: UploadRecord): boolean | Promise<boolean> {
    if (upload.outcome === 'fail') {
      this.fail(upload, ['The service could not store the file (the 503 answer). The file was not processed: send it again.']);
      return false;
    }
    const extraction = extractDocuments(upload.file_name, this.store.readUploadFile(upload.id));
    if (!extraction.ok) {
      this.fail(upload, extraction.errors);
      return false;
    }
    const { schemaErrors, needsSchemaCheck } = this.options;
    const toCheck = schemaErrors ? extraction.documents.filter((piece) => needsSchemaCheck?.(piece, upload.country) ?? true) : [];
    if (!schemaErrors || toCheck.length === 0) return this.accept(upload, extraction.documents);
    return Promise.all(toCheck.map((piece) => schemaErrors(piece, upload.country))).then(
      (perPiece) => {
        const current = this.store.getUpload(upload.id);
        if (this.closed || !current || current.status !== 'pending') return false;
        const errors = perPiece.flat();
        if (errors.length > 0) {
          this.fail(current, errors);
          return false;
        }
        return this.accept(current, extraction.documents);
      },
      (error: unknown) => {
        this.options.log(`transfer: the schema check of upload ${upload.id} failed: ${(error as Error).stack ?? String(error)}`);
        this.fail(upload, ['The service could not check the file against its schema because of an internal error. Send the file again.']);
        return false;
      },
    );
  }

  private accept(upload: UploadRecord, documents: DocumentPiece[]): boolean {
    const at = this.timestamp();
    for (const piece of documents) {
      const document: TransferDocumentRecord = {
        id: randomUUID(),
        upload_id: upload.id,
        ownerUid: upload.ownerUid,
        e2e_id: upload.e2e_id,
        status: 'ingested',
        file_name: piece.fileName,
        destination_id: null,
        created_at: at,
        updated_at: at,
        nip: piece.nip,
      };
      this.store.addDocument(document, piece.bytes);
    }
    this.store.updateUpload(upload.id, { status: 'ingested', updated_at: at });
    return true;
  }

  private moveTo(upload: UploadRecord, status: UploadStatus): void {
    const at = this.timestamp();
    for (const document of this.store.documentsOf(upload.id)) {
      const destination = status === 'sent' ? { destination_id: this.destinationId(upload, document) } : {};
      this.store.updateDocument(document.id, { status, updated_at: at, ...destination });
    }
    this.store.updateUpload(upload.id, { status, updated_at: at });
  }

  private fail(upload: UploadRecord, errors: string[]): void {
    const at = this.timestamp();
    for (const document of this.store.documentsOf(upload.id)) this.store.updateDocument(document.id, { status: 'failed', updated_at: at });
    this.store.updateUpload(upload.id, { status: 'failed', errors, updated_at: at });
  }

  private destinationId(upload: UploadRecord, document: TransferDocumentRecord): string {
    if (upload.country === 'IT') return sdiIdentifier(this.store.sdiSequence++);
    const nip = document.nip ?? nipFromText(upload.ownerUid);
    for (;;) {
      const technical = Array.from({ length: 12 }, () => this.options.random.int(0, 15).toString(16)).join('');
      const number = ksefNumber(nip, this.options.now(), technical);
      if (!this.store.hasDestinationId(number)) return number;
    }
  }

  private timestamp(): string {
    return this.options.now().toISOString();
  }
}

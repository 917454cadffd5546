import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { Persistence } from '../context';
import { terminalStatuses, type TransferDocumentRecord, type TransferState, transferStateSchema, type UploadRecord } from './model';

const AREA = 'transfer';

/**
 * Uploads and transfer documents of every account, saved through `ctx.persistence` (area
 * `transfer`); file bytes live under `persistence.dir('transfer')`. A new upload is saved before
 * its 202 is sent; later status changes are saved together at the end of the tick.
 */
export class TransferStore {
  private readonly uploads = new Map<string, UploadRecord>();
  private readonly documents = new Map<string, TransferDocumentRecord>();
  private readonly documentsByUpload = new Map<string, string[]>();
  private readonly uploadsDir: string;
  private readonly documentsDir: string;
  private pendingSave: NodeJS.Immediate | null = null;
  sdiSequence: number;

  constructor(
    private readonly persistence: Persistence,
    private readonly durable: boolean,
    initialSdiSequence: number,
    log: (message: string) => void,
  ) {
    const area = persistence.dir(AREA);
    this.uploadsDir = join(area, 'uploads');
    this.documentsDir = join(area, 'documents');
    mkdirSync(this.uploadsDir, { recursive: true });
    mkdirSync(this.documentsDir, { recursive: true });
    this.sdiSequence = initialSdiSequence;
    const saved = persistence.load<unknown>(AREA);
    if (saved === undefined) return;
    const parsed = transferStateSchema.safeParse(saved);
    if (!parsed.success) {
      log(`The saved transfer state has an unexpected shape (${parsed.error.issues[0]?.message ?? 'unknown'}); starting with no uploads.`);
      return;
    }
    this.sdiSequence = parsed.data.sdiSequence;
    for (const upload of parsed.data.uploads) this.uploads.set(upload.id, upload);
    for (const document of parsed.data.documents) this.indexDocument(document);
  }

  addUpload(upload: UploadRecord, fileBytes: Uint8Array): void {
    this.writeFile(join(this.uploadsDir, upload.id), fileBytes);
    this.uploads.set(upload.id, upload);
    this.saveNow();
  }

  getUpload(id: string): UploadRecord | undefined {
    return this.uploads.get(id);
  }

  updateUpload(id: string, patch: Partial<Omit<UploadRecord, 'id' | 'ownerUid'>>): UploadRecord | undefined {
    const upload = this.uploads.get(id);
    if (!upload) return undefined;
    const updated = { ...upload, ...patch };
    this.uploads.set(id, updated);
    this.saveSoon();
    return updated;
  }

  /** Uploads of one account with exactly this End-to-end ID, oldest first. */
  findByE2eId(ownerUid: string, e2eId: string): UploadRecord[] {
    return [...this.uploads.values()].filter((upload) => upload.ownerUid === ownerUid && upload.e2e_id === e2eId).sort(byCreation);
  }

  unfinishedUploads(): UploadRecord[] {
    return [...this.uploads.values()].filter((upload) => !terminalStatuses.has(upload.status)).sort(byCreation);
  }

  readUploadFile(id: string): Buffer {
    return readFileSync(join(this.uploadsDir, id));
  }

  addDocument(document: TransferDocumentRecord, bytes: Uint8Array): void {
    this.writeFile(join(this.documentsDir, document.id), bytes);
    this.indexDocument(document);
    this.saveSoon();
  }

  updateDocument(id: string, patch: Partial<Pick<TransferDocumentRecord, 'status' | 'destination_id' | 'updated_at'>>): void {
    const document = this.documents.get(id);
    if (!document) return;
    this.documents.set(id, { ...document, ...patch });
    this.saveSoon();
  }

  documentsOf(uploadId: string): TransferDocumentRecord[] {
    return (this.documentsByUpload.get(uploadId) ?? []).flatMap((id) => this.documents.get(id) ?? []);
  }

  getDocument(id: string): TransferDocumentRecord | undefined {
    return this.documents.get(id);
  }

  readDocumentFile(id: string): Buffer {
    return readFileSync(join(this.documentsDir, id));
  }

  hasDestinationId(destinationId: string): boolean {
    for (const document of this.documents.values()) if (document.destination_id === destinationId) return true;
    return false;
  }

  uploadCount(): number {
    return this.uploads.size;
  }

  /** Writes any change not yet saved (on close). */
  flush(): void {
    if (this.pendingSave) {
      clearImmediate(this.pendingSave);
      this.pendingSave = null;
      this.saveNow();
    }
  }

  private indexDocument(document: TransferDocumentRecord): void {
    this.documents.set(document.id, document);
    const ids = this.documentsByUpload.get(document.upload_id) ?? [];
    if (!ids.includes(document.id)) ids.push(document.id);
    this.documentsByUpload.set(document.upload_id, ids);
  }

  private saveSoon(): void {
    this.pendingSave ??= setImmediate(() => {
      this.pendingSave = null;
      this.saveNow();
    });
  }

  private saveNow(): void {
    if (this.pendingSave) {
      clearImmediate(this.pendingSave);
      this.pendingSave = null;
    }
    const state: TransferState = {
      version: 1,
      sdiSequence: this.sdiSequence,
      uploads: [...this.uploads.values()],
      documents: [...this.documents.values()],
    };
    this.persistence.save(AREA, state);
  }

  /** With a data dir the bytes reach the disk before the upload is confirmed. */
  private writeFile(path: string, bytes: Uint8Array): void {
    const fd = openSync(path, 'w');
    try {
      for (let written = 0; written < bytes.length; ) written += writeSync(fd, bytes, written);
      if (this.durable) fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  }
}

function byCreation(a: UploadRecord, b: UploadRecord): number {
  return a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0;
}

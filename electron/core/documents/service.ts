/**
 * The documents area of the core: the API client plus what main does with its answers (parse the
 * source into the normalized view, pretty-print it, decode attachments, check files before
 * sending) and the bulk downloads. Emits `documents.changed` when records change.
 */
import {
  AppError,
  because,
  reason,
  type DocumentDetail,
  type DocumentPage,
  type DocumentType,
  type FilePayload,
  type SendableDocumentType,
  type ValidationRule,
  type DocumentFilters,
  type DocumentRecord,
} from '../../../shared/contract';
import { decodeAttachment } from '../../../shared/ubl';
import type { CoreEvents } from '../events';
import type { AtomicFileSystem } from '../files/atomic-write';
import { readFileRef, type LocalFileRef } from '../files/file-ref';
import type { HttpClient } from '../http/client';
import type { Logger } from '../ports';
import { createDocumentsApi, type DocumentsApi } from './api';
import { createBulkDownloads, type BulkDownloads } from './bulk/manager';
import type { FileRetryPolicy } from './bulk/failures';
import { sanitizeFileName } from '../../../shared/documents/file-name-template';
import { documentTypeWords } from './paths';
import { checkDocumentForSending, MAX_SEND_BYTES } from './send-check';
import { createThreadFileOpener, type FileOpener } from '../viewer/file-opener';
import { decodeText, detectSourceFormat, sourceExtension } from './source-view';

export interface DocumentsServiceDeps {
  http: HttpClient;
  baseUrl: () => string;
  token: () => string;
  events: CoreEvents;
  logger: Logger;
  userDataDir: string;
  bulk?: { fileSystem?: AtomicFileSystem; retry?: Partial<FileRetryPolicy>; progressIntervalMs?: number; persistIntervalMs?: number };
  /** Where sources are pretty-printed and parsed: a thread of their own (default), never the core's event loop. */
  sources?: FileOpener;
}

export interface DocumentsService {
  api: DocumentsApi;
  bulk: BulkDownloads;
  list(type: DocumentType, filters: DocumentFilters, page: number, itemsPerPage: number): Promise<DocumentPage>;
  get(type: DocumentType, uuid: string): Promise<DocumentDetail>;
  source(type: DocumentType, uuid: string): Promise<FilePayload & { text: string; pretty: string }>;
  print(type: SendableDocumentType, uuid: string): Promise<FilePayload>;
  attachment(type: DocumentType, uuid: string, index: number): Promise<FilePayload>;
  markDownloaded(type: SendableDocumentType, uuids: string[], downloaded: boolean): Promise<{ count: number }>;
  send(type: SendableDocumentType, file: LocalFileRef, validationRule?: string): Promise<{ record: DocumentRecord; validationRule: string | null }>;
  validationRules(): Promise<ValidationRule[]>;
  dispose(): Promise<void>;
}

const payload = (fileName: string, contentType: string, bytes: Uint8Array): FilePayload => ({
  fileName,
  contentType,
  base64: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64'),
  size: bytes.byteLength,
});

const EXTENSION_BY_MIME: Record<string, string> = {
  'application/pdf': '.pdf',
  'image/png': '.png',
  'image/jpeg': '.jpg',
  'text/csv': '.csv',
  'text/plain': '.txt',
  'application/xml': '.xml',
  'text/xml': '.xml',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': '.xlsx',
  'application/vnd.oasis.opendocument.spreadsheet': '.ods',
};

export function createDocumentsService(deps: DocumentsServiceDeps): DocumentsService {
  const api = createDocumentsApi({ http: deps.http, baseUrl: deps.baseUrl, token: deps.token });
  const sources = deps.sources ?? createThreadFileOpener();
  const bulk = createBulkDownloads({
    api,
    events: deps.events,
    logger: deps.logger,
    userDataDir: deps.userDataDir,
    token: deps.token,
    ...deps.bulk,
  });

  async function readSource(type: DocumentType, uuid: string) {
    const { bytes, contentType } = await api.source(type, uuid);
    const format = detectSourceFormat(contentType, bytes);
    return { bytes, contentType, format, text: decodeText(bytes) };
  }

  return {
    api,
    bulk,
    list: (type, filters, page, itemsPerPage) => api.list(type, filters, page, itemsPerPage),

    async get(type, uuid) {
      const [record, source] = await Promise.all([api.get(type, uuid), readSource(type, uuid)]);
      const { parsed } = await sources.readSource(record.number || uuid, source.text, source.format, { parse: true });
      if (!parsed) throw new AppError('internal', 'The source was not parsed.');
      return { record, sourceFormat: source.format, ...parsed };
    },

    async source(type, uuid) {
      const [record, source] = await Promise.all([api.get(type, uuid), readSource(type, uuid)]);
      // Named as people know the document (its number); the uuid only when the number cannot make a name.
      const name = sanitizeFileName(record.number) || sanitizeFileName(uuid);
      return {
        ...payload(`${name}${sourceExtension(source.format)}`, source.contentType, source.bytes),
        text: source.text,
        pretty: (await sources.readSource(name, source.text, source.format, { pretty: true })).pretty ?? source.text,
      };
    },

    async print(type, uuid) {
      const pdf = await api.print(type, uuid);
      return payload(`${sanitizeFileName(`${type}-${uuid}`)}.pdf`, 'application/pdf', pdf);
    },

    async attachment(type, uuid, index) {
      const source = await readSource(type, uuid);
      const { parsed } = await sources.readSource(uuid, source.text, source.format, { parse: true });
      if (!parsed) throw new AppError('internal', 'The source was not parsed.');
      if (!parsed.document) throw new AppError('bad_response', `The ${documentTypeWords[type]}'s source cannot be read, so its attachments cannot either: ${parsed.parseError}`, {
          details: because(reason('documents.sourceUnreadable')),
        });
      const { attachments } = parsed.document;
      const attachment = attachments[index];
      if (!attachment) {
        throw new AppError('not_found', `This ${documentTypeWords[type]} has ${attachments.length} attachment${attachments.length === 1 ? '' : 's'}; there is no attachment number ${index + 1}.`, {
          details: because(reason('documents.noSuchAttachment', { total: attachments.length, index: index + 1 })),
        });
      }
      if (!attachment.base64) {
        const where = attachment.uri ? ` It is only referred to by address: ${attachment.uri}` : '';
        throw new AppError('not_found', `Attachment ${index + 1} is not embedded in the document.${where}`, {
          details: because(attachment.uri ? reason('documents.attachmentByAddress', { index: index + 1, uri: attachment.uri.slice(0, 500) }) : reason('documents.attachmentNotEmbedded', { index: index + 1 })),
        });
      }
      let bytes: Uint8Array;
      try {
        bytes = decodeAttachment(attachment);
      } catch {
        throw new AppError('bad_response', `Attachment ${index + 1} is not valid base64 and cannot be opened.`, { details: because(reason('documents.attachmentDamaged', { index: index + 1 })) });
      }
      const contentType = attachment.mimeCode ?? 'application/octet-stream';
      const fallback = `attachment-${index + 1}${EXTENSION_BY_MIME[contentType] ?? ''}`;
      const fileName = sanitizeFileName(attachment.filename ?? '') || fallback;
      return payload(fileName, contentType, bytes);
    },

    async markDownloaded(type, uuids, downloaded) {
      await api.markDownloaded(type, uuids, downloaded);
      deps.events.emit('documents.changed', { type, uuids, downloaded });
      return { count: uuids.length };
    },

    async send(type, file, validationRule) {
      const loaded = await readFileRef(file, { maxBytes: MAX_SEND_BYTES, what: 'document' });
      const format = checkDocumentForSending(loaded.name, loaded.bytes, type);
      const result = await api.send({ type, bytes: loaded.bytes, format, ...(validationRule ? { validationRule } : {}) });
      deps.events.emit('documents.changed', { type, uuids: [result.record.uuid] });
      return result;
    },

    validationRules: () => api.validationRules(),
    dispose: async () => {
      await Promise.all([bulk.dispose(), deps.sources ? undefined : sources.close()]);
    },
  };
}

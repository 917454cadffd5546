/** CSV of what the user is looking at: a document listing, the upload history, a PEM's report requests. */
import type { DocumentRecord, ReportRequest, UploadEntry } from '../../../shared/contract';
import type { CsvColumn } from './csv';

export const documentColumns: ReadonlyArray<CsvColumn<DocumentRecord>> = [
  { header: 'type', value: (record) => record.type },
  { header: 'number', value: (record) => record.number },
  { header: 'document_date', value: (record) => record.date },
  { header: 'created_at', value: (record) => record.createdAt },
  { header: 'direction', value: (record) => record.direction },
  { header: 'sender_name', value: (record) => record.sender.name },
  { header: 'sender_id', value: (record) => record.sender.identifier },
  { header: 'recipient_name', value: (record) => record.recipient.name },
  { header: 'recipient_id', value: (record) => record.recipient.identifier },
  { header: 'format', value: (record) => record.format },
  { header: 'downloaded', value: (record) => record.downloaded },
  { header: 'uuid', value: (record) => record.uuid },
];

export const uploadColumns: ReadonlyArray<CsvColumn<UploadEntry>> = [
  { header: 'file_name', value: (entry) => entry.fileName },
  { header: 'origin', value: (entry) => entry.origin },
  { header: 'size', value: (entry) => entry.size },
  { header: 'sha256', value: (entry) => entry.sha256 },
  { header: 'country', value: (entry) => entry.country },
  { header: 'e2e_id', value: (entry) => entry.e2eId },
  { header: 'state', value: (entry) => entry.state },
  { header: 'server_status', value: (entry) => entry.serverStatus },
  { header: 'upload_id', value: (entry) => entry.uploadId },
  { header: 'error', value: (entry) => entry.error?.message },
  { header: 'warning', value: (entry) => entry.warning },
  { header: 'added_at', value: (entry) => entry.createdAt },
  { header: 'updated_at', value: (entry) => entry.updatedAt },
];

export const reportRequestColumns: ReadonlyArray<CsvColumn<ReportRequest>> = [
  { header: 'pem_serial_number', value: (request) => request.pemSerialNumber },
  { header: 'request_uuid', value: (request) => request.uuid },
  { header: 'type', value: (request) => request.type },
  { header: 'status', value: (request) => request.status },
  { header: 'reports_generated', value: (request) => request.progress.generated },
  { header: 'reports_total', value: (request) => request.progress.total },
  { header: 'parameters', value: (request) => Object.entries(request.parameters).map(([key, value]) => `${key}=${value}`).join('; ') },
  { header: 'requested_at', value: (request) => request.createdAt },
  { header: 'updated_at', value: (request) => request.updatedAt },
  { header: 'failure_reason', value: (request) => request.failureReason },
  { header: 'report_uuid', value: (request) => request.reportUuid },
];

/** `exports.*`: the period pack ZIP and the CSV exports of lists. */
import { setMaxListeners } from 'node:events';
import { AppError, because, reason, type ExportProgress, type UploadEntry, type ReportRequest } from '../../../shared/contract';
import { createDocumentsApi } from '../documents/api';
import { resolveDestination } from '../files/file-ref';
import type { LinkedHandlerFactory } from '../handlers';
import { csvPayload } from './csv';
import { documentColumns, reportRequestColumns, uploadColumns } from './csv-exports';
import { writePeriodPack } from './period-pack';
import { listAll } from './records';

const MAX_CSV_ROWS = 100_000;
const stamp = (date: Date): string => date.toISOString().slice(0, 16).replace(':', '').replace('T', '_');

export const createExportHandlers: LinkedHandlerFactory = (services, invoke) => {
  const api = createDocumentsApi({ http: services.http, baseUrl: () => services.endpoints().urls.documentsUrl, token: () => services.session.getToken() });
  const running = new Map<string, AbortController>();
  services.onDispose(() => {
    for (const control of running.values()) control.abort();
  });

  return {
    'exports.periodPack': async ({ exportId, folder, ...rest }, context) => {
      const input = { ...rest, folder: await resolveDestination(folder, services, context) };
      if (running.has(exportId)) throw new AppError('conflict', 'This export is already running.', { details: because(reason('exports.running')) });
      const control = new AbortController();
      setMaxListeners(64, control.signal);
      running.set(exportId, control);
      const progress = (update: Omit<ExportProgress, 'exportId' | 'type'>): void => services.events.emit('exports.progress', { exportId, type: input.type, ...update });
      try {
        const result = await writePeriodPack(input, { api, profileName: services.profiles.active().name, now: () => new Date(), signal: control.signal, progress });
        progress({ state: 'done', done: result.documents, total: result.documents + result.failed.length });
        void services.activity.record({
          action: 'exports.periodPack',
          target: result.path,
          outcome: result.failed.length > 0 ? 'failed' : 'ok',
          detail: `${result.documents} ${input.type}(s), ${result.files} files${result.failed.length > 0 ? `; ${result.failed.length} could not be read and are not in the pack` : ''}`,
        });
        return { exportId, ...result };
      } catch (error) {
        const cancelled = control.signal.aborted;
        progress({ state: cancelled ? 'cancelled' : 'failed', done: 0, total: 0, message: error instanceof Error ? error.message : String(error) });
        void services.activity.record({ action: 'exports.periodPack', target: `${input.type} to ${input.folder}`, outcome: 'failed', detail: cancelled ? 'cancelled' : error instanceof Error ? error.message : String(error) });
        if (cancelled) throw new AppError('cancelled', 'The export was cancelled; no file was left behind.', { details: because(reason('exports.cancelled')) });
        throw error;
      } finally {
        running.delete(exportId);
      }
    },
    'exports.cancel': ({ exportId }) => {
      const control = running.get(exportId);
      control?.abort();
      return Promise.resolve({ cancelled: control !== undefined });
    },
    'exports.csv': async (input) => {
      const now = new Date();
      let payload;
      let target: string;
      if (input.kind === 'documents') {
        const records = await listAll(api, input.type, input.filters, { signal: new AbortController().signal, max: MAX_CSV_ROWS });
        payload = { ...csvPayload(`${input.type}s_${stamp(now)}.csv`, records, documentColumns), rows: records.length };
        target = `${input.type} listing`;
      } else if (input.kind === 'uploads') {
        const entries: UploadEntry[] = await invoke('uploads.list', {});
        payload = { ...csvPayload(`uploads_${stamp(now)}.csv`, entries, uploadColumns), rows: entries.length };
        target = 'upload history';
      } else {
        const requests: ReportRequest[] = [];
        for (let page = 1; ; page += 1) {
          const result = await invoke('reports.requests', { serialNumber: input.serialNumber, page, size: 100 });
          requests.push(...result.items);
          if (page >= result.pages || result.items.length === 0) break;
        }
        payload = { ...csvPayload(`report-requests_${input.serialNumber}_${stamp(now)}.csv`, requests, reportRequestColumns), rows: requests.length };
        target = `report requests of PEM ${input.serialNumber}`;
      }
      void services.activity.record({ action: 'exports.csv', target, detail: `${payload.rows} rows, ${payload.fileName}` });
      return payload;
    },
  };
};


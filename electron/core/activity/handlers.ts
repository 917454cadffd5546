/** `activity.*` channels: the log with filters, its verification and its CSV. */
import type { ActivityEntry } from '../../../shared/contract';
import { csvPayload, type CsvColumn } from '../exports/csv';
import type { HandlerFactory } from '../handlers';

const columns: ReadonlyArray<CsvColumn<ActivityEntry>> = [
  { header: 'seq', value: (entry) => entry.seq },
  { header: 'time', value: (entry) => entry.at },
  { header: 'profile', value: (entry) => entry.profile },
  { header: 'user', value: (entry) => entry.user },
  { header: 'action', value: (entry) => entry.action },
  { header: 'target', value: (entry) => entry.target },
  { header: 'outcome', value: (entry) => entry.outcome },
  { header: 'detail', value: (entry) => entry.detail },
];

export const createActivityHandlers: HandlerFactory = ({ activity }) => ({
  'activity.list': (input) => activity.list(input.filters, input.offset, input.limit),
  'activity.verify': () => activity.verify(),
  'activity.acknowledge': () => activity.acknowledge(),
  'activity.exportCsv': async (input) => {
    const entries = await activity.all(input.filters);
    const payload = csvPayload(`activity-${new Date().toISOString().slice(0, 10)}.csv`, entries, columns);
    await activity.record({ action: 'activity.export', target: payload.fileName, detail: `${entries.length} entries` });
    return payload;
  },
});

/** The five document resources and how their records look (DESIGN §5.2). */
import type { UblDocumentType } from '../../shared/ubl';
import type { DocumentEntry, DocumentStore } from './store';

export interface DocumentResource {
  type: UblDocumentType;
  /** Collection path segment, e.g. `credit-notes`. */
  path: string;
  /** Hydra class, e.g. `CreditNote`. */
  hydraType: string;
  /** Human label, e.g. `credit note`. */
  label: string;
  /** Send, print and mark downloaded exist for invoices and credit notes only. */
  billing: boolean;
}

export const documentResources: readonly DocumentResource[] = [
  { type: 'invoice', path: 'invoices', hydraType: 'Invoice', label: 'invoice', billing: true },
  { type: 'credit-note', path: 'credit-notes', hydraType: 'CreditNote', label: 'credit note', billing: true },
  { type: 'order', path: 'orders', hydraType: 'Order', label: 'order', billing: false },
  { type: 'order-response', path: 'order-responses', hydraType: 'OrderResponse', label: 'order response', billing: false },
  { type: 'despatch-advice', path: 'despatch-advices', hydraType: 'DespatchAdvice', label: 'despatch advice', billing: false },
];

export function resourceOf(type: UblDocumentType): DocumentResource {
  return documentResources.find((resource) => resource.type === type) as DocumentResource;
}

export interface DocumentRecord {
  '@id'?: string;
  '@type'?: string;
  uuid: string;
  direction: 'incoming' | 'outgoing';
  format: 'UBL 2.1 XML';
  number: string;
  date: string;
  sender: { name: string; identifier: string };
  recipient: { name: string; identifier: string };
  createdAt: string;
  downloaded: boolean;
}

/** API Platform's date-time format: seconds and an explicit offset. */
export function formatTimestamp(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19)}+00:00`;
}

/** The record; JSON-LD adds `@id` and `@type`, plain JSON has only the fields. */
export function toRecord(store: DocumentStore, entry: DocumentEntry, linked: boolean): DocumentRecord {
  const resource = resourceOf(entry.type);
  const fields = {
    uuid: entry.uuid,
    direction: entry.direction,
    format: 'UBL 2.1 XML' as const,
    number: entry.number,
    date: entry.date,
    sender: store.party(entry.sender),
    recipient: store.party(entry.recipient),
    createdAt: formatTimestamp(entry.createdAtMs),
    downloaded: entry.downloaded,
  };
  return linked ? { '@id': `/${resource.path}/${entry.uuid}`, '@type': resource.hydraType, ...fields } : fields;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] as string);
}

/** A small readable page for `Accept: text/html`. */
export function recordHtml(record: DocumentRecord, resource: DocumentResource): string {
  const rows: Array<[string, string]> = [
    ['Number', record.number],
    ['Date', record.date],
    ['Direction', record.direction],
    ['Sender', `${record.sender.name} (${record.sender.identifier})`],
    ['Recipient', `${record.recipient.name} (${record.recipient.identifier})`],
    ['Format', record.format],
    ['Created', record.createdAt],
    ['Downloaded', record.downloaded ? 'yes' : 'no'],
    ['UUID', record.uuid],
  ];
  const title = `${resource.hydraType} ${record.number}`;
  const links = [`<a href="/${resource.path}/${record.uuid}/source">Source</a>`];
  if (resource.billing) links.push(`<a href="/${resource.path}/${record.uuid}/print">Print (PDF)</a>`);
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;color:#222}table{border-collapse:collapse}th,td{text-align:left;padding:.3rem .8rem;border-bottom:1px solid #ddd}th{color:#555;font-weight:600}</style></head>
<body>
<h1>${escapeHtml(title)}</h1>
<table>
${rows.map(([label, value]) => `<tr><th scope="row">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`).join('\n')}
</table>
<p>${links.join(' · ')}</p>
</body>
</html>
`;
}

/** A small readable table of a list page for `Accept: text/html`. */
export function collectionHtml(records: DocumentRecord[], resource: DocumentResource, total: number): string {
  const title = `${resource.hydraType} documents`;
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;color:#222}table{border-collapse:collapse}th,td{text-align:left;padding:.3rem .8rem;border-bottom:1px solid #ddd}</style></head>
<body>
<h1>${escapeHtml(title)}</h1>
<p>${total} in total; showing ${records.length}.</p>
<table>
<tr><th>Number</th><th>Date</th><th>Direction</th><th>Sender</th><th>Recipient</th><th>Downloaded</th></tr>
${records
  .map(
    (record) =>
      `<tr><td><a href="/${resource.path}/${record.uuid}">${escapeHtml(record.number)}</a></td><td>${escapeHtml(record.date)}</td><td>${record.direction}</td><td>${escapeHtml(record.sender.name)}</td><td>${escapeHtml(record.recipient.name)}</td><td>${record.downloaded ? 'yes' : 'no'}</td></tr>`,
  )
  .join('\n')}
</table>
</body>
</html>
`;
}

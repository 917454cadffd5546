/**
 * A preview of the bulk-download file name for one record, as the core will write it
 * (electron/core/documents/bulk/file-names.ts is the authority; this mirrors its placeholders and
 * its safe-name rules closely enough for a preview, and reports template mistakes before sending).
 */
import type { DocumentRecord } from '../../../../../shared/contract/documents';

export const templatePlaceholders = ['date', 'number', 'sender', 'senderId', 'recipient', 'direction', 'uuid', 'type'] as const;
export type Placeholder = (typeof templatePlaceholders)[number];
export const defaultTemplate = '{date}_{number}_{sender}';

const PLACEHOLDER = /\{([^{}]*)\}/g;

export type TemplateProblem = { kind: 'empty' } | { kind: 'slash' } | { kind: 'unknown'; name: string } | { kind: 'brace' };

export function templateProblem(template: string): TemplateProblem | null {
  if (template.trim() === '') return { kind: 'empty' };
  if (/[\\/]/.test(template)) return { kind: 'slash' };
  const unknown = [...template.matchAll(PLACEHOLDER)]
    .map((match) => match[1] ?? '')
    .find((name) => !(templatePlaceholders as readonly string[]).includes(name));
  if (unknown !== undefined) return { kind: 'unknown', name: unknown };
  if (/[{}]/.test(template.replace(PLACEHOLDER, ''))) return { kind: 'brace' };
  return null;
}

const dateOnly = (value: string): string => /^(\d{4}-\d{2}-\d{2})/.exec(value.trim())?.[1] ?? value;

function valueOf(name: Placeholder, record: DocumentRecord): string {
  switch (name) {
    case 'date':
      return dateOnly(record.date);
    case 'number':
      return record.number;
    case 'sender':
      return record.sender.name;
    case 'senderId':
      return record.sender.identifier;
    case 'recipient':
      return record.recipient.name;
    case 'direction':
      return record.direction;
    case 'uuid':
      return record.uuid;
    case 'type':
      return record.type;
  }
}

function safeName(raw: string): string {
  return (
    raw
      .normalize('NFC')
      // eslint-disable-next-line no-control-regex
      .replace(/[/\\:*?"<>|\u0000-\u001f\u007f-\u009f]/g, '_')
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/^\.+/, '_')
      .slice(0, 195)
      .replace(/[. ]+$/, '')
  );
}

/** The file name for `record` (with `.xml`), or null when the template has a problem. */
export function previewFileName(template: string, record: DocumentRecord, extension = 'xml'): string | null {
  if (templateProblem(template)) return null;
  const base = safeName(template.trim().replace(PLACEHOLDER, (_whole, name: string) => valueOf(name as Placeholder, record)));
  return `${base === '' || /^_*$/.test(base) ? safeName(record.uuid) : base}.${extension}`;
}

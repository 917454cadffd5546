/**
 * File names for downloaded documents: the user's template (`{date}_{number}_{sender}`) filled
 * from the record and made safe on every OS. The core writes these names; the renderer previews
 * them with the same code.
 */
import type { DocumentRecord } from '../contract/documents';

export const templatePlaceholders = ['date', 'number', 'sender', 'senderId', 'recipient', 'direction', 'uuid', 'type'] as const;
export type Placeholder = (typeof templatePlaceholders)[number];
export const defaultTemplate = '{date}_{number}_{sender}';

/** Longest file name written, extension included (well under the 255 bytes of common file systems). */
export const MAX_FILE_NAME = 200;
/** Room kept for the longest extension the app writes (`.json`, `.pdf`). */
export const EXTENSION_ROOM = 5;

const PLACEHOLDER = /\{([^{}]*)\}/g;

export function placeholdersIn(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((match) => match[1] as string);
}

export type PlaceholderProblem = { kind: 'unknown'; name: string } | { kind: 'brace' };
export type TemplateProblem = { kind: 'empty' } | { kind: 'slash' } | PlaceholderProblem;

/** The first unknown placeholder, or a lone `{` / `}`; null when every placeholder is known. */
export function placeholderProblem(template: string): PlaceholderProblem | null {
  const unknown = placeholdersIn(template).find((name) => !(templatePlaceholders as readonly string[]).includes(name));
  if (unknown !== undefined) return { kind: 'unknown', name: unknown };
  if (/[{}]/.test(template.replace(PLACEHOLDER, ''))) return { kind: 'brace' };
  return null;
}

/** Everything wrong with a template as typed by the user (empty, a path separator, placeholders). */
export function templateProblem(template: string): TemplateProblem | null {
  if (template.trim() === '') return { kind: 'empty' };
  if (/[\\/]/.test(template)) return { kind: 'slash' };
  return placeholderProblem(template);
}

export type NamingRecord = Pick<DocumentRecord, 'uuid' | 'type' | 'number' | 'date' | 'direction' | 'sender' | 'recipient'>;

const dateOnly = (value: string): string => /^(\d{4}-\d{2}-\d{2})/.exec(value.trim())?.[1] ?? value;

function valueOf(name: Placeholder, record: NamingRecord): string {
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

export function renderTemplate(template: string, record: NamingRecord): string {
  return template.replace(PLACEHOLDER, (_whole, name: string) => valueOf(name as Placeholder, record));
}

const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])$/i;

/**
 * Safe on Windows, macOS and Linux: no `/\:*?"<>|` or control characters, no leading dot
 * (hidden), no trailing dots or spaces, not a reserved Windows device name, at most `maxLength`.
 */
export function sanitizeFileName(raw: string, maxLength = MAX_FILE_NAME): string {
  let name = raw
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex
    .replace(/[/\\:*?"<>|\u0000-\u001f\u007f-\u009f]/g, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '_');
  name = truncateName(name, maxLength).replace(/[. ]+$/, '');
  const stem = name.split('.')[0] ?? '';
  if (WINDOWS_RESERVED.test(stem.trim())) name = `_${name}`;
  return truncateName(name, maxLength).replace(/[. ]+$/, '');
}

/** Cuts at a code-point boundary (never half a surrogate pair). */
export function truncateName(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  let cut = text.slice(0, maxLength);
  const last = cut.charCodeAt(cut.length - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut = cut.slice(0, -1);
  return cut;
}

/** The base name (no extension) of one document, before de-duplication. */
export function baseNameFor(template: string, record: NamingRecord): string {
  const name = sanitizeFileName(renderTemplate(template, record), MAX_FILE_NAME - EXTENSION_ROOM);
  return name === '' || /^_*$/.test(name) ? sanitizeFileName(record.uuid, MAX_FILE_NAME - EXTENSION_ROOM) : name;
}

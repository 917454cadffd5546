/**
 * File names for downloaded documents: the user's template (`{date}_{number}_{sender}`) filled
 * from the record, made safe on every OS, and de-duplicated deterministically with the uuid.
 */
import { AppError, type DocumentRecord } from '../../../../shared/contract';

export const templatePlaceholders = ['date', 'number', 'sender', 'senderId', 'recipient', 'direction', 'uuid', 'type'] as const;
export type Placeholder = (typeof templatePlaceholders)[number];

/** Longest file name written, extension included (well under the 255 bytes of common file systems). */
export const MAX_FILE_NAME = 200;
/** Room kept for the longest extension the app writes (`.json`, `.pdf`). */
const EXTENSION_ROOM = 5;

const PLACEHOLDER = /\{([^{}]*)\}/g;

export function placeholdersIn(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((match) => match[1] as string);
}

/** Throws a `validation` error naming the first unknown placeholder. */
export function checkTemplate(template: string): void {
  const unknown = placeholdersIn(template).filter((name) => !(templatePlaceholders as readonly string[]).includes(name));
  if (unknown.length > 0) {
    throw new AppError('validation', `The file-name template uses {${unknown[0]}}, which is not known. Use ${templatePlaceholders.map((name) => `{${name}}`).join(' ')}.`);
  }
  if (/[{}]/.test(template.replace(PLACEHOLDER, ''))) {
    throw new AppError('validation', 'The file-name template has a lone "{" or "}". Placeholders look like {number}.');
  }
}

/** True when the template needs more of the record than the uuid (so uuid selections must fetch records). */
export const templateNeedsRecord = (template: string): boolean => placeholdersIn(template).some((name) => name !== 'uuid' && name !== 'type');

export type NamingRecord = Pick<DocumentRecord, 'uuid' | 'type' | 'number' | 'date' | 'direction' | 'sender' | 'recipient'>;

function dateOnly(value: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})/.exec(value.trim());
  return match ? (match[1] as string) : value;
}

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
  name = truncate(name, maxLength).replace(/[. ]+$/, '');
  const stem = name.split('.')[0] ?? '';
  if (WINDOWS_RESERVED.test(stem.trim())) name = `_${name}`;
  return truncate(name, maxLength).replace(/[. ]+$/, '');
}

/** Cuts at a code-point boundary (never half a surrogate pair). */
function truncate(text: string, maxLength: number): string {
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

/**
 * Assigns unique base names in selection order: the first document keeps its name, a later one
 * whose name is taken (compared case-insensitively, as Windows and macOS do) gets `_<uuid>`.
 */
export function assignBaseNames(items: ReadonlyArray<{ uuid: string; baseName: string }>): string[] {
  const taken = new Set<string>();
  const key = (name: string): string => name.normalize('NFC').toLowerCase();
  return items.map(({ uuid, baseName }) => {
    let name = baseName;
    if (taken.has(key(name))) {
      const suffix = `_${sanitizeFileName(uuid, 100)}`;
      name = `${truncate(baseName, MAX_FILE_NAME - EXTENSION_ROOM - suffix.length).replace(/[. ]+$/, '')}${suffix}`;
      for (let counter = 2; taken.has(key(name)); counter += 1) name = `${name.replace(/~\d+$/, '')}~${counter}`;
    }
    taken.add(key(name));
    return name;
  });
}

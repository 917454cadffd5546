/**
 * File names for downloaded documents: the user's template (`{date}_{number}_{sender}`) filled
 * from the record and made safe on every OS. The core writes these names; the renderer previews
 * them with the same code.
 */
import type { DocumentRecord } from '../contract/documents';

export const templatePlaceholders = ['date', 'number', 'sender', 'senderId', 'recipient', 'direction', 'uuid', 'type'] as const;
export type Placeholder = (typeof templatePlaceholders)[number];
export const defaultTemplate = '{date}_{number}_{sender}';

/** What common file systems take in one name (ext4, APFS, NTFS: 255 bytes, or 255 UTF-16 units on NTFS, which 255 UTF-8 bytes never exceed). */
export const FILE_SYSTEM_NAME_BYTES = 255;
/** What an atomic write adds around a name for its temporary file (`.<name>.<12 hex>.tmp`). */
export const TEMP_NAME_ROOM = 18;
/** Longest file name written, extension included, in UTF-8 bytes: its temporary file must fit too. */
export const MAX_FILE_NAME = FILE_SYSTEM_NAME_BYTES - TEMP_NAME_ROOM;
/** Room kept (bytes) for the longest extension the app writes (`.xml`, `.pdf`, an inbox sync's `.meta.json`). */
export const EXTENSION_ROOM = 10;

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
/** Characters that reorder or hide text (bidi controls, zero-width ones): `x\u202Etxt.exe` reads as `xexe.txt`. */
const INVISIBLE = /[\u061c\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/g;
/** A short extension at the end of a name (`.xml`, `.pdf`, `.p7m`), kept when a name is cut. */
const EXTENSION = /\.[A-Za-z0-9]{1,10}$/;

const utf8 = new TextEncoder();
export const utf8Length = (text: string): number => utf8.encode(text).length;

/**
 * Safe on Windows, macOS and Linux: no `/\:*?"<>|` or control characters, no bidi or zero-width
 * characters, no leading dot (hidden), no trailing dots or spaces, not a reserved Windows device
 * name, at most `maxBytes` UTF-8 bytes (the stem is cut, the extension kept).
 */
export function sanitizeFileName(raw: string, maxBytes = FILE_SYSTEM_NAME_BYTES): string {
  let name = raw
    .normalize('NFC')
    .replace(INVISIBLE, '')
    // eslint-disable-next-line no-control-regex
    .replace(/[/\\:*?"<>|\u0000-\u001f\u007f-\u009f]/g, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '_');
  name = cutKeepingExtension(name, maxBytes);
  const stem = name.split('.')[0] ?? '';
  if (WINDOWS_RESERVED.test(stem.trim())) name = `_${name}`;
  return cutKeepingExtension(name, maxBytes);
}

/** At most `maxBytes`: the stem is cut (never inside a character) and the extension kept; no trailing dots or spaces. */
function cutKeepingExtension(name: string, maxBytes: number): string {
  const trimmed = name.replace(/[. ]+$/, '');
  if (utf8Length(trimmed) <= maxBytes) return trimmed;
  const extension = EXTENSION.exec(trimmed)?.[0] ?? '';
  const room = maxBytes - utf8Length(extension);
  if (extension === '' || room < 1) return truncateName(trimmed, maxBytes).replace(/[. ]+$/, '');
  return `${truncateName(trimmed.slice(0, -extension.length), room).replace(/[. ]+$/, '')}${extension}`;
}

/** At most `maxBytes` UTF-8 bytes, cut at a code-point boundary (never half a character). */
export function truncateName(text: string, maxBytes: number): string {
  if (utf8Length(text) <= maxBytes) return text;
  let bytes = 0;
  let cut = 0;
  for (const character of text) {
    const size = utf8Length(character);
    if (bytes + size > maxBytes) break;
    bytes += size;
    cut += character.length;
  }
  return text.slice(0, cut);
}

/** The base name (no extension) of one document, before de-duplication. */
export function baseNameFor(template: string, record: NamingRecord): string {
  const name = sanitizeFileName(renderTemplate(template, record), MAX_FILE_NAME - EXTENSION_ROOM);
  return name === '' || /^_*$/.test(name) ? sanitizeFileName(record.uuid, MAX_FILE_NAME - EXTENSION_ROOM) : name;
}

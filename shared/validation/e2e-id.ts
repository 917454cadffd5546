import { firstNonPrintableAscii, MAX_PRINTABLE_FIELD_LENGTH } from './printable-ascii';

export type E2eIdErrorCode = 'not_a_string' | 'empty' | 'too_long' | 'non_printable' | 'surrounding_space';

export type E2eIdCheck = { ok: true } | { ok: false; code: E2eIdErrorCode; message: string };

/** Checks an End-to-end ID the way `POST /upload` does (`e2e_id`). The id is kept exactly as given. */
export function validateE2eId(id: unknown): E2eIdCheck {
  if (typeof id !== 'string') {
    return fail('not_a_string', 'The End-to-end ID must be text. Type the ID again or leave it empty to have one generated.');
  }
  if (id.length === 0) {
    return fail('empty', 'The End-to-end ID is empty. Type an ID or leave the field out to have one generated.');
  }
  if (id.length > MAX_PRINTABLE_FIELD_LENGTH) {
    return fail(
      'too_long',
      `The End-to-end ID is ${id.length} characters long; at most ${MAX_PRINTABLE_FIELD_LENGTH} are allowed. Shorten it.`,
    );
  }
  const bad = firstNonPrintableAscii(id);
  if (bad) {
    return fail(
      'non_printable',
      `The End-to-end ID contains ${bad.description} (position ${bad.index + 1}). Use only plain letters, digits, spaces and common symbols (no accents, emoji, tabs or line breaks).`,
    );
  }
  if (id.startsWith(' ') || id.endsWith(' ')) {
    return fail('surrounding_space', 'The End-to-end ID starts or ends with a space. Remove the spaces at the start and end.');
  }
  return { ok: true };
}

export interface E2eIdContext {
  now: Date;
  fileName: string;
  /** A running number, e.g. the position of the file in a batch. */
  counter: number;
  /** Returns a number in [0, 1), e.g. Math.random; injected so tests are deterministic. */
  random: () => number;
}

/** The template used when the user sets none. */
export const DEFAULT_E2E_ID_TEMPLATE = '{date}-{time}-{file}-{rand}';

/**
 * Builds an End-to-end ID from a template. Placeholders (times in UTC):
 * `{date}` YYYYMMDD, `{time}` HHMMSS, `{file}` the file name, `{n}` the counter,
 * `{rand}` 8 random lowercase hex digits. Unknown placeholders stay as written.
 * The result always passes `validateE2eId`: other characters are replaced by `_`,
 * surrounding spaces removed, and a long result is cut to 255 by shortening the file name first
 * (so `{rand}` and the rest of the template survive).
 */
export function generateE2eId(template: string, context: E2eIdContext): string {
  const rand = randomHex(context.random, 8);
  const values: Record<string, string> = {
    date: formatDate(context.now),
    time: formatTime(context.now),
    file: context.fileName,
    n: String(context.counter),
    rand,
  };
  let result = sanitise(fillTemplate(template, values));
  const overflow = result.length - MAX_PRINTABLE_FIELD_LENGTH;
  if (overflow > 0) {
    values.file = context.fileName.slice(0, Math.max(0, context.fileName.length - overflow));
    result = sanitise(fillTemplate(template, values));
  }
  result = result.slice(0, MAX_PRINTABLE_FIELD_LENGTH).trim();
  if (result.length > 0) return result;
  return `upload-${values.date}-${values.time}-${rand}`;
}

const PLACEHOLDER_NAME = /^\w+$/;

/**
 * `{name}` replaced by `values[name]`; unknown placeholders stay as written. A plain scan: it runs
 * for every file added, and a replace callback would be a new closure each time.
 */
function fillTemplate(template: string, values: Readonly<Record<string, string>>): string {
  let filled = '';
  let from = 0;
  for (;;) {
    const open = template.indexOf('{', from);
    const close = open === -1 ? -1 : template.indexOf('}', open + 1);
    if (close === -1) return filled + template.slice(from);
    const name = template.slice(open + 1, close);
    // `{{n}` and the like: the placeholder is the innermost `{…}`.
    const innerOpen = name.lastIndexOf('{');
    const start = innerOpen === -1 ? open : open + 1 + innerOpen;
    const key = template.slice(start + 1, close);
    const value = PLACEHOLDER_NAME.test(key) && Object.hasOwn(values, key) ? values[key] : undefined;
    filled += template.slice(from, start) + (value ?? template.slice(start, close + 1));
    from = close + 1;
  }
}

/** Non-printable characters become `_`; surrounding spaces go. */
function sanitise(value: string): string {
  return value.replace(/[^\x20-\x7e]/g, '_').trim();
}

function formatDate(now: Date): string {
  return `${now.getUTCFullYear()}${pad(now.getUTCMonth() + 1)}${pad(now.getUTCDate())}`;
}

function formatTime(now: Date): string {
  return `${pad(now.getUTCHours())}${pad(now.getUTCMinutes())}${pad(now.getUTCSeconds())}`;
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

function randomHex(random: () => number, digits: number): string {
  let result = '';
  for (let i = 0; i < digits; i++) result += Math.min(15, Math.floor(random() * 16)).toString(16);
  return result;
}

function fail(code: E2eIdErrorCode, message: string): E2eIdCheck {
  return { ok: false, code, message };
}

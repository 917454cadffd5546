/**
 * The checks of a batch before anything is sent, with the same shared validators as the service
 * (`shared/validation`): file name, size against the 5 MiB request, End-to-end ID, plus what only
 * the app can know (the same ID twice in the batch, a file already uploaded, a country mismatch).
 */
import type { UploadCountry, UploadEntry, UploadPreferences } from '../../../../../shared/contract';
import {
  firstNonPrintableAscii,
  generateE2eId,
  MAX_PRINTABLE_FIELD_LENGTH,
  maxFileBytesForUpload,
  suggestCountryFromFileName,
  validateE2eId,
  validateFileName,
} from '../../../../../shared/validation';
import type { PickedFile } from '../intake/dropped-files';
import type { BatchDraft, DraftFile } from './draft-store';

export type IssueCode =
  | 'name.empty'
  | 'name.onlyExtension'
  | 'name.tooLong'
  | 'name.nonPrintable'
  | 'name.pathSeparator'
  | 'name.unknownExtension'
  | 'name.noExtension'
  | 'file.empty'
  | 'file.tooLarge'
  | 'e2e.empty'
  | 'e2e.tooLong'
  | 'e2e.nonPrintable'
  | 'e2e.surroundingSpace'
  | 'e2e.duplicate'
  | 'template.empty'
  | 'template.tooLong'
  | 'template.sameForAll'
  | 'warning.alreadyUploaded'
  | 'warning.sameContent'
  | 'warning.countryMismatch';

export type CharacterKind = 'tab' | 'lineBreak' | 'control' | 'char';

export interface Issue {
  code: IssueCode;
  /** Values for the message: numbers stay numbers (sizes are formatted in the user's language). */
  params: Record<string, string | number>;
}

export interface BatchRow {
  id: string;
  draft: DraftFile;
  name: string;
  relativePath: string;
  size: number;
  e2eId: string;
  /** The user typed this row's ID instead of using the template. */
  custom: boolean;
  /** Problems with the file itself (name, size): it cannot be sent. */
  fileIssues: Issue[];
  /** A problem with its End-to-end ID: shown on the ID field; it cannot be sent until fixed. */
  e2eIssue: Issue | null;
  warnings: Issue[];
  /** The name of an earlier file of the batch with the same content: sending both uploads one document twice. */
  copyOf: string | null;
  sendable: boolean;
}

export interface BatchView {
  rows: BatchRow[];
  sendable: BatchRow[];
  blocked: BatchRow[];
  country: UploadCountry;
  /** The country came from the file names, not from the user or the remembered choice. */
  countrySuggested: boolean;
  /** Names point to both IT and PL. */
  mixedCountries: boolean;
  template: string;
  templateIssue: Issue | null;
  preview: string;
}

const issue = (code: IssueCode, params: Issue['params'] = {}): Issue => ({ code, params });

function characterAt(value: string, index: number): { charKind: CharacterKind; char: string } {
  const codePoint = value.codePointAt(index) ?? 0;
  if (codePoint === 0x09) return { charKind: 'tab', char: '' };
  if (codePoint === 0x0a || codePoint === 0x0d) return { charKind: 'lineBreak', char: '' };
  if (codePoint < 0x20 || codePoint === 0x7f) return { charKind: 'control', char: '' };
  return { charKind: 'char', char: String.fromCodePoint(codePoint) };
}

function nonPrintableIssue(code: 'name.nonPrintable' | 'e2e.nonPrintable', value: string): Issue {
  const bad = firstNonPrintableAscii(value);
  const index = bad?.index ?? 0;
  return issue(code, { position: index + 1, ...characterAt(value, index) });
}

/** The last ".ext" of a name, for "files ending in .txt are not accepted". */
function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot) : '';
}

export function checkFileName(name: string): Issue | null {
  const check = validateFileName(name);
  if (check.ok) return null;
  switch (check.code) {
    case 'not_a_string':
    case 'empty':
      return name.length > 0 ? issue('name.onlyExtension', { name }) : issue('name.empty');
    case 'too_long':
      return issue('name.tooLong', { length: name.length, max: MAX_PRINTABLE_FIELD_LENGTH });
    case 'non_printable':
      return nonPrintableIssue('name.nonPrintable', name);
    case 'path_separator':
      return issue('name.pathSeparator');
    case 'unknown_extension': {
      const extension = extensionOf(name);
      return extension ? issue('name.unknownExtension', { extension }) : issue('name.noExtension');
    }
  }
}

export function checkE2eId(id: string): Issue | null {
  const check = validateE2eId(id);
  if (check.ok) return null;
  switch (check.code) {
    case 'not_a_string':
    case 'empty':
      return issue('e2e.empty');
    case 'too_long':
      return issue('e2e.tooLong', { length: id.length, max: MAX_PRINTABLE_FIELD_LENGTH });
    case 'non_printable':
      return nonPrintableIssue('e2e.nonPrintable', id);
    case 'surrounding_space':
      return issue('e2e.surroundingSpace');
  }
}

export function checkTemplate(template: string, fileCount: number): Issue | null {
  const trimmed = template.trim();
  if (trimmed === '') return issue('template.empty');
  if (trimmed.length > MAX_PRINTABLE_FIELD_LENGTH) return issue('template.tooLong', { length: trimmed.length, max: MAX_PRINTABLE_FIELD_LENGTH });
  if (fileCount > 1 && !/\{(file|n|rand)\}/.test(trimmed)) return issue('template.sameForAll');
  return null;
}

/** Cycles through the file's fixed random numbers. */
const fixedRandom = (values: readonly number[]): (() => number) => {
  let index = 0;
  return () => values[index++ % values.length] ?? 0;
};

export function idFromTemplate(template: string, file: { name: string; randoms: readonly number[] }, position: number, createdAt: number): string {
  return generateE2eId(template.trim(), { now: new Date(createdAt), fileName: file.name, counter: position, random: fixedRandom(file.randoms) });
}

/** Entries that still count as sent (a failed, refused or cancelled one may be sent again). */
const stillSent = (entry: UploadEntry): boolean => entry.state !== 'failed' && entry.state !== 'rejected' && entry.state !== 'cancelled';

/** What a file's row says of the file and its ID alone: the same as long as its inputs are. */
interface FileChecks {
  e2eId: string;
  fileIssues: Issue[];
  e2eIssue: Issue | null;
  countryWarning: Issue | null;
}

/**
 * The checks of one file, kept per file and reused while the template, its place, its own ID and
 * the country stay the same: the batch is re-checked on every change (a hash found, a country
 * picked, an ID typed), and making and checking thousands of IDs each time is what made a big
 * drop's review stall (docs/performance.md, issue 12).
 */
const fileChecksCache = new WeakMap<PickedFile, { key: string; randoms: readonly number[]; checks: FileChecks }>();

function fileChecks(file: DraftFile, index: number, context: { template: string; override: string | undefined; country: UploadCountry; createdAt: number }): FileChecks {
  const key = `${context.template}\u0000${index}\u0000${context.override ?? '\u0001'}\u0000${context.country}\u0000${context.createdAt}`;
  const cached = fileChecksCache.get(file.file);
  // The file's random numbers are fixed with it in the draft (a copy of a draft file shares them).
  if (cached?.key === key && cached.randoms === file.randoms) return cached.checks;
  const name = file.name;
  const e2eId = context.override ?? idFromTemplate(context.template, { name, randoms: file.randoms }, index + 1, context.createdAt);
  const fileIssues: Issue[] = [];
  const nameIssue = checkFileName(name);
  if (nameIssue) fileIssues.push(nameIssue);
  const e2eIssue = checkE2eId(e2eId);
  if (file.size === 0) {
    fileIssues.push(issue('file.empty'));
  } else {
    const limit = maxFileBytesForUpload(name, e2eIssue ? undefined : e2eId);
    if (file.size > limit) fileIssues.push(issue('file.tooLarge', { size: file.size, limit }));
  }
  const suggested = suggestCountryFromFileName(name);
  const countryWarning = suggested && suggested !== context.country ? issue('warning.countryMismatch', { suggested, chosen: context.country }) : null;
  const checks = { e2eId, fileIssues, e2eIssue, countryWarning };
  fileChecksCache.set(file.file, { key, randoms: file.randoms, checks });
  return checks;
}

/** The batch-wide inputs of every file's checks: the template, and the country chosen or suggested by the file names. */
export interface BatchContext {
  template: string;
  country: UploadCountry;
  countrySuggested: boolean;
  mixedCountries: boolean;
}

export function batchContext(draft: BatchDraft, preferences: UploadPreferences): BatchContext {
  const template = draft.template ?? preferences.e2eIdTemplate;
  const suggestions = new Set<UploadCountry>();
  for (const file of draft.files) {
    const suggested = suggestCountryFromFileName(file.name);
    if (suggested) suggestions.add(suggested);
  }
  const onlySuggestion = suggestions.size === 1 ? [...suggestions][0]! : null;
  return {
    template,
    country: draft.country ?? onlySuggestion ?? preferences.country,
    countrySuggested: draft.country === null && onlySuggestion !== null,
    mixedCountries: suggestions.size > 1,
  };
}

/**
 * Checks files `from`..`to` of a batch ahead of its first view (their results are kept per file,
 * see `fileChecks`), so that a batch of thousands is checked a slice per task instead of in one
 * task that holds the page. Returns where the next slice starts.
 */
export function prepareBatchChecks(draft: BatchDraft, context: BatchContext, from: number, to: number): number {
  const end = Math.min(to, draft.files.length);
  for (let index = from; index < end; index += 1) {
    const file = draft.files[index]!;
    fileChecks(file, index, { template: context.template, override: draft.overrides[file.id], country: context.country, createdAt: draft.createdAt });
  }
  return end;
}

export function buildBatchView(draft: BatchDraft, preferences: UploadPreferences, existing: readonly UploadEntry[]): BatchView {
  const { template, country, countrySuggested, mixedCountries } = batchContext(draft, preferences);
  const templateIssue = checkTemplate(template, draft.files.length);

  const sentByNameAndSize = new Map<string, UploadEntry>();
  for (const entry of existing) {
    if (!stillSent(entry)) continue;
    const key = `${entry.fileName}\u0000${entry.size}`;
    const known = sentByNameAndSize.get(key);
    if (!known || known.createdAt < entry.createdAt) sentByNameAndSize.set(key, entry);
  }

  const firstWithContent = new Map<string, DraftFile>();
  for (const file of draft.files) if (file.sha256 && !firstWithContent.has(file.sha256)) firstWithContent.set(file.sha256, file);

  const rows: BatchRow[] = draft.files.map((file, index) => {
    const name = file.name;
    const override = draft.overrides[file.id];
    const own = fileChecks(file, index, { template, override, country, createdAt: draft.createdAt });
    const warnings: Issue[] = own.countryWarning ? [own.countryWarning] : [];
    const sent = sentByNameAndSize.get(`${name}\u0000${file.size}`);
    if (sent) warnings.push(issue('warning.alreadyUploaded', { when: sent.createdAt, state: sent.state }));
    const original = file.sha256 ? firstWithContent.get(file.sha256) : undefined;
    const copyOf = original && original.id !== file.id ? original.relativePath : null;
    if (copyOf) warnings.push(issue('warning.sameContent', { other: copyOf }));
    return {
      id: file.id,
      draft: file,
      name,
      relativePath: file.relativePath,
      size: file.size,
      e2eId: own.e2eId,
      custom: override !== undefined,
      fileIssues: own.fileIssues,
      e2eIssue: own.e2eIssue,
      warnings,
      copyOf,
      sendable: false,
    };
  });

  markDuplicateIds(rows);
  for (const row of rows) row.sendable = row.fileIssues.length === 0 && row.e2eIssue === null;

  const sendable = rows.filter((row) => row.sendable);
  const first = draft.files[0];
  const preview = idFromTemplate(template, { name: first?.name ?? 'invoice.xml', randoms: first?.randoms ?? [0.5] }, 1, draft.createdAt);
  return {
    rows,
    sendable,
    blocked: rows.filter((row) => !row.sendable),
    country,
    countrySuggested,
    mixedCountries,
    template,
    templateIssue,
    preview,
  };
}

/** Two files of a batch with one End-to-end ID could not be told apart on the service. */
function markDuplicateIds(rows: BatchRow[]): void {
  const byId = new Map<string, BatchRow[]>();
  for (const row of rows) {
    if (row.e2eIssue || row.fileIssues.length > 0) continue;
    byId.set(row.e2eId, [...(byId.get(row.e2eId) ?? []), row]);
  }
  for (const same of byId.values()) {
    if (same.length < 2) continue;
    for (const row of same) row.e2eIssue = issue('e2e.duplicate', { count: same.length });
  }
}

/** What blocks the "Upload" button, if anything. */
export function batchBlocker(view: BatchView): 'template' | 'nothingToSend' | null {
  const templateBlocks = view.templateIssue !== null && view.templateIssue.code !== 'template.sameForAll';
  if (templateBlocks && view.rows.some((row) => !row.custom)) return 'template';
  if (view.sendable.length === 0) return 'nothingToSend';
  return null;
}

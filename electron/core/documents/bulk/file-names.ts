/**
 * The core's side of download file names: template checks that throw, and deterministic
 * de-duplication with the uuid. Filling and sanitising live in shared/documents/file-name-template.
 */
import { AppError, because, reason } from '../../../../shared/contract';
import {
  EXTENSION_ROOM,
  MAX_FILE_NAME,
  placeholderProblem,
  placeholdersIn,
  sanitizeFileName,
  templatePlaceholders,
  truncateName,
} from '../../../../shared/documents/file-name-template';

/** Throws a `validation` error naming the first unknown placeholder. */
export function checkTemplate(template: string): void {
  const problem = placeholderProblem(template);
  if (problem?.kind === 'unknown') {
    const known = templatePlaceholders.map((name) => `{${name}}`).join(' ');
    throw new AppError('validation', `The file-name template uses {${problem.name}}, which is not known. Use ${known}.`, {
      details: because(reason('documents.templateUnknownPlaceholder', { name: `{${problem.name}}`, known })),
    });
  }
  if (problem?.kind === 'brace') {
    throw new AppError('validation', 'The file-name template has a lone "{" or "}". Placeholders look like {number}.', { details: because(reason('documents.templateLoneBrace')) });
  }
}

/** True when the template needs more of the record than the uuid (so uuid selections must fetch records). */
export const templateNeedsRecord = (template: string): boolean => placeholdersIn(template).some((name) => name !== 'uuid' && name !== 'type');

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
      name = `${truncateName(baseName, MAX_FILE_NAME - EXTENSION_ROOM - suffix.length).replace(/[. ]+$/, '')}${suffix}`;
      for (let counter = 2; taken.has(key(name)); counter += 1) name = `${name.replace(/~\d+$/, '')}~${counter}`;
    }
    taken.add(key(name));
    return name;
  });
}

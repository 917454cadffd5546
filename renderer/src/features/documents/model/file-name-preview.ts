/**
 * A preview of the bulk-download file name for one record, exactly as the core will write it
 * (both use shared/documents/file-name-template).
 */
import { baseNameFor, templateProblem, type NamingRecord } from '../../../../../shared/documents/file-name-template';

/** The file name for `record` (with `.xml`), or null when the template has a problem. */
export function previewFileName(template: string, record: NamingRecord, extension = 'xml'): string | null {
  if (templateProblem(template)) return null;
  return `${baseNameFor(template.trim(), record)}.${extension}`;
}

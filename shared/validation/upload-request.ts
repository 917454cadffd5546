import { describeBase64Problem } from './base64';
import { type UploadCountry, validateCountry } from './country';
import { validateE2eId } from './e2e-id';
import { validateFileName } from './file-name';

/** Keys exactly as the spec's transfer error table: `{errors: {<field>: <message>}}`. */
export interface UploadFieldErrors {
  country?: string;
  fileName?: string;
  content?: string;
  e2eId?: string;
}

export interface UploadRequest {
  country: UploadCountry;
  fileName: string;
  /** Standard base64 of the whole file. */
  content: string;
  /** Null when the caller sent none. */
  e2eId: string | null;
}

export type UploadRequestCheck =
  | { ok: true; request: UploadRequest; fieldErrors: Record<string, never> }
  | { ok: false; fieldErrors: UploadFieldErrors };

/**
 * Checks every field of a `POST /upload` body (snake_case: `country`, `file_name`, `content`,
 * `e2e_id`) at once and reports all invalid fields together. `e2e_id` may be absent or null.
 * Unknown extra fields are ignored.
 */
export function validateUploadRequest(body: unknown): UploadRequestCheck {
  const fields = isPlainObject(body) ? body : {};
  const fieldErrors: UploadFieldErrors = {};

  const country = validateCountry(fields.country);
  if (!country.ok) fieldErrors.country = country.message;

  const fileName = validateFileName(fields.file_name);
  if (!fileName.ok) fieldErrors.fileName = fileName.message;

  const content = fields.content;
  const contentProblem = describeContentProblem(content);
  if (contentProblem) fieldErrors.content = contentProblem;

  const rawE2eId = fields.e2e_id;
  if (rawE2eId !== undefined && rawE2eId !== null) {
    const e2eId = validateE2eId(rawE2eId);
    if (!e2eId.ok) fieldErrors.e2eId = e2eId.message;
  }

  if (Object.keys(fieldErrors).length > 0 || !country.ok || typeof fields.file_name !== 'string' || typeof content !== 'string') {
    return { ok: false, fieldErrors };
  }
  return {
    ok: true,
    fieldErrors: {},
    request: {
      country: country.country,
      fileName: fields.file_name,
      content,
      e2eId: typeof rawE2eId === 'string' ? rawE2eId : null,
    },
  };
}

function describeContentProblem(content: unknown): string | null {
  if (content === undefined || content === null) return 'The file content is missing. Send the whole file encoded in standard base64.';
  if (typeof content !== 'string') return 'The file content must be a text string holding the file in standard base64.';
  if (content.length === 0) return 'The file is empty. Choose a file that has content.';
  return describeBase64Problem(content);
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

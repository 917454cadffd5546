import type { Environment } from '../context';

export interface LoginInput {
  email: string;
  password: string;
  environment: Environment;
}

export type LoginBodyResult = { ok: true; input: LoginInput } | { ok: false; status: 400 | 415; message: string };

const jsonMediaType = /^application\/(?:[a-z0-9.+-]+\+)?json$/;

function fieldError(key: string, problem: string): LoginBodyResult {
  return { ok: false, status: 400, message: `The key "${key}" ${problem}.` };
}

function readCredential(body: Record<string, unknown>, key: 'email' | 'password'): string | LoginBodyResult {
  const value = body[key];
  if (value === undefined) return fieldError(key, 'must be provided');
  if (typeof value !== 'string') return fieldError(key, 'must be a string');
  if (value.trim() === '') return fieldError(key, 'must not be empty');
  return value;
}

/**
 * Validates a `POST /login` request in the order a caller fixes it: media type, JSON syntax,
 * shape, then each field. The environment defaults to production, as the spec says.
 */
export function parseLoginBody(contentType: string | undefined, rawBody: string): LoginBodyResult {
  const mediaType = contentType?.split(';')[0]?.trim().toLowerCase();
  if (!mediaType) {
    return { ok: false, status: 415, message: 'The Content-Type header is missing; send the body as application/json.' };
  }
  if (!jsonMediaType.test(mediaType)) {
    return { ok: false, status: 415, message: `Content-Type "${mediaType}" is not supported; send the body as application/json.` };
  }
  if (rawBody.trim() === '') {
    return { ok: false, status: 400, message: 'The request body is empty; send a JSON object with "email" and "password".' };
  }
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch (error) {
    return { ok: false, status: 400, message: `The request body is not valid JSON: ${(error as Error).message}` };
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, status: 400, message: 'The request body must be a JSON object with "email" and "password".' };
  }
  const record = body as Record<string, unknown>;
  const email = readCredential(record, 'email');
  if (typeof email !== 'string') return email;
  const password = readCredential(record, 'password');
  if (typeof password !== 'string') return password;
  const environment = record.environment === undefined ? 'production' : record.environment;
  if (environment !== 'sandbox' && environment !== 'production') {
    return fieldError('environment', 'must be "sandbox" or "production"');
  }
  return { ok: true, input: { email, password, environment } };
}

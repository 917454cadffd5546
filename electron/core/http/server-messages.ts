/**
 * What a server said in an error body, whatever convention it follows: login `{code, message}`,
 * Hydra / problem+json (`hydra:description`, `detail`, `title`), API Platform `violations`,
 * the transfer interface's `errors` (string or field map), FastAPI `detail: [{loc, msg}]`.
 */
export interface ServerMessages {
  messages: string[];
  fieldErrors?: Record<string, string>;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

export function extractServerMessages(body: unknown): ServerMessages {
  const messages: string[] = [];
  const fieldErrors: Record<string, string> = {};
  const add = (message: string | undefined): void => {
    if (message && !messages.includes(message)) messages.push(message);
  };
  if (typeof body === 'string') {
    add(text(body)?.slice(0, 300));
    return { messages };
  }
  if (!isRecord(body)) return { messages };

  if (Array.isArray(body.violations)) {
    for (const violation of body.violations) {
      if (!isRecord(violation)) continue;
      const message = text(violation.message);
      const field = text(violation.propertyPath);
      if (message && field) fieldErrors[field] = message;
      add(message && field ? `${field}: ${message}` : message);
    }
  }
  if (Array.isArray(body.detail)) {
    for (const item of body.detail) {
      if (!isRecord(item)) continue;
      const message = text(item.msg);
      const loc = Array.isArray(item.loc) ? item.loc.filter((part) => part !== 'body').join('.') : undefined;
      if (message && loc) fieldErrors[loc] = message;
      add(message && loc ? `${loc}: ${message}` : message);
    }
  }
  if (isRecord(body.errors)) {
    for (const [field, value] of Object.entries(body.errors)) {
      const message = text(value) ?? (Array.isArray(value) ? value.map(text).filter(Boolean).join(' ') : undefined);
      if (!message) continue;
      fieldErrors[field] = message;
      add(`${field}: ${message}`);
    }
  } else {
    add(text(body.errors));
  }
  if (messages.length === 0) {
    add(text(body.message) ?? text(body['hydra:description']) ?? text(body.detail) ?? text(body.title) ?? text(body['hydra:title']));
  }
  return Object.keys(fieldErrors).length > 0 ? { messages, fieldErrors } : { messages };
}

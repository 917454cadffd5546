import type { EmulatorContext } from '../context';
import { FieldValidationError, notFound } from './http/problems';
import type { FiscalOperations } from './operations';
import type { Pem } from './state';
import type { FiscalStore } from './store';

/** What the fiscal routes share. `listener` says which of the two fiscal listeners a scope serves. */
export interface FiscalDeps {
  ctx: EmulatorContext;
  store: FiscalStore;
  operations: FiscalOperations;
  newUuid: () => string;
  listener: 'plain' | 'mtls';
}

export function pemOr404(store: FiscalStore, serialNumber: string): Pem {
  const pem = store.pem(serialNumber);
  if (!pem) throw notFound(`There is no PEM with serial number "${serialNumber}".`);
  return pem;
}

/** A path parameter as a string (Fastify types params as unknown). */
export function param(params: unknown, name: string): string {
  const value = typeof params === 'object' && params !== null ? (params as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' ? value : '';
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A path parameter that the reference types `format: uuid`: 422 (`uuid_parsing`, as FastAPI) when it is not one. */
export function uuidParam(params: unknown, name: string): string {
  const value = param(params, name);
  if (!UUID_PATTERN.test(value)) {
    throw new FieldValidationError('path', [{ path: [name], type: 'uuid_parsing', message: `Input should be a valid UUID; got "${value}"` }]);
  }
  return value.toLowerCase();
}

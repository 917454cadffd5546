import type { EmulatorContext } from '../context';
import { notFound } from './http/problems';
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

import type { UploadEntry } from '../../../../../shared/contract';

let serial = 0;

/** An upload entry as the core would send it, with overrides. */
export function makeEntry(overrides: Partial<UploadEntry> = {}): UploadEntry {
  serial += 1;
  const at = overrides.createdAt ?? '2026-03-01T10:00:00.000Z';
  return {
    localId: `local-${serial}`,
    batchId: 'batch-1',
    fileName: `invoice-${serial}.xml`,
    origin: `invoice-${serial}.xml`,
    size: 1200,
    sha256: 'a'.repeat(64),
    country: 'IT',
    e2eId: `LD-${serial}`,
    state: 'queued',
    history: [{ at, state: 'queued' }],
    canRetry: false,
    canCancel: true,
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

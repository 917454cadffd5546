import { describe, expect, it } from 'vitest';
import { createSeededRandom } from '../../random';
import { seededCashRegisters } from '../../seed/cash-registers';
import { fiscalStateSchema } from '../state';
import { seedFiscalState } from './generate';

const now = new Date('2026-10-15T09:30:00Z');
const seed = (value: number) => seedFiscalState({ random: createSeededRandom(value), now, certificateOf: () => null });

describe('fiscal seed', () => {
  it('is deterministic for a seed and a clock, and differs with another seed', () => {
    expect(seed(1)).toEqual(seed(1));
    expect(seed(42).merchants[0]?.uuid).not.toBe(seed(1).merchants[0]?.uuid);
  });

  it('matches the saved-state schema', () => {
    expect(fiscalStateSchema.safeParse(JSON.parse(JSON.stringify(seed(1)))).success).toBe(true);
  });

  it('gives each merchant at least two PEMs in different states; the first certificate PEM is ONLINE with an open journal', () => {
    const state = seed(1);
    expect(state.merchants).toHaveLength(2);
    for (const merchant of state.merchants) {
      const pems = state.pems.filter((pem) => pem.merchant_uuid === merchant.uuid);
      expect(pems.length).toBeGreaterThanOrEqual(2);
      expect(new Set(pems.map((pem) => pem.status)).size).toBeGreaterThanOrEqual(2);
    }
    const first = seededCashRegisters[0]?.pemSerialNumber;
    expect(state.pems.find((pem) => pem.serial_number === first)?.status).toBe('ONLINE');
    expect(state.journals.some((journal) => journal.pem_serial_number === first && journal.status === 'OPEN')).toBe(true);
    expect(state.pems.some((pem) => pem.status === 'DISCARDED')).toBe(true);
  });

  it('seeds closed journals with processed closure reports for every cash register', () => {
    const state = seed(1);
    for (const register of seededCashRegisters) {
      const closed = state.journals.filter((journal) => journal.pem_serial_number === register.pemSerialNumber && journal.status === 'CLOSED');
      expect(closed.length).toBeGreaterThanOrEqual(3);
      const closures = state.reports.filter((report) => report.pem_serial_number === register.pemSerialNumber && report.kind === 'journal_closure');
      expect(closures).toHaveLength(closed.length);
      expect(closures.every((report) => report.step_ms === 0 && report.fail_at_step === null)).toBe(true);
      expect(state.receipts.filter((receipt) => receipt.pem_serial_number === register.pemSerialNumber).length).toBeGreaterThanOrEqual(12);
    }
  });
});

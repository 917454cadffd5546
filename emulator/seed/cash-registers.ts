/**
 * The seeded cash registers: one client certificate is generated for each (DESIGN §5.1), and the
 * fiscal area seeds a PEM with the same serial number. The first one's PEM is ONLINE.
 */
export interface SeededCashRegister {
  pemSerialNumber: string;
  cashRegisterName: string;
  merchantIndex: 0 | 1;
}

export const seededCashRegisters: readonly SeededCashRegister[] = [
  { pemSerialNumber: 'E001-000001', cashRegisterName: 'Cassa 1 – Bottega Rossi', merchantIndex: 0 },
  { pemSerialNumber: 'E001-000002', cashRegisterName: 'Cassa 2 – Bottega Rossi', merchantIndex: 0 },
  { pemSerialNumber: 'E002-000001', cashRegisterName: 'Cassa Bar Centrale', merchantIndex: 1 },
];

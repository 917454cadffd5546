import type { DemoAccount } from '../context';

/** Project domains of the `roles` claim (the production domain of each API set). */
export const projectDomains = {
  documents: 'peppol.api.acubeapi.com',
  fiscal: 'ereceipts-it.acubeapi.com',
  transfer: 'transfer.api.acubeapi.com',
} as const;

const writerRoles = {
  [projectDomains.documents]: ['ROLE_WRITER'],
  [projectDomains.fiscal]: ['ROLE_MERCHANT', 'ROLE_SUPPLIER', 'ROLE_CASHIER'],
  [projectDomains.transfer]: ['ROLE_WRITER'],
};

/** The demo accounts of DESIGN §5.1: one per situation a user meets. */
export const demoAccounts: readonly DemoAccount[] = [
  {
    name: 'full',
    email: 'full@demo.ledgerdesk.test',
    password: 'full-demo-2026',
    description: 'Everything works: documents can be read and sent, files uploaded to Italy and Poland, fiscal receipts issued.',
    uid: '0c1f6a52-3d5e-4b8a-9f3e-1a2b3c4d5e01',
    fullname: 'Giulia Ferri',
    roles: writerRoles,
    uploadAccess: { IT: 'enabled', PL: 'enabled' },
    canWrite: true,
  },
  {
    name: 'no-upload-pl',
    email: 'no-upload-pl@demo.ledgerdesk.test',
    password: 'no-upload-pl-2026',
    description: 'Like "full", but without REST upload access to Poland: uploads to PL are refused (403).',
    uid: '0c1f6a52-3d5e-4b8a-9f3e-1a2b3c4d5e02',
    fullname: 'Piotr Nowak',
    roles: writerRoles,
    uploadAccess: { IT: 'enabled', PL: 'no_access' },
    canWrite: true,
  },
  {
    name: 'transfer-unconfigured-it',
    email: 'transfer-unconfigured-it@demo.ledgerdesk.test',
    password: 'unconfigured-it-2026',
    description: 'Has upload access to Italy, but file transfer is not set up for Italy yet: uploads to IT answer 409.',
    uid: '0c1f6a52-3d5e-4b8a-9f3e-1a2b3c4d5e03',
    fullname: 'Marco Bianchi',
    roles: writerRoles,
    uploadAccess: { IT: 'not_configured', PL: 'enabled' },
    canWrite: true,
  },
  {
    name: 'read-only',
    email: 'read-only@demo.ledgerdesk.test',
    password: 'read-only-2026',
    description: 'Can read documents and fiscal data, but cannot send documents, mark them downloaded or upload files.',
    uid: '0c1f6a52-3d5e-4b8a-9f3e-1a2b3c4d5e04',
    fullname: 'Ingrid Hansen',
    roles: {
      [projectDomains.documents]: ['ROLE_READER'],
      [projectDomains.fiscal]: ['ROLE_MERCHANT'],
      [projectDomains.transfer]: ['ROLE_READER'],
    },
    uploadAccess: { IT: 'no_access', PL: 'no_access' },
    canWrite: false,
  },
];

export function findAccountByEmail(accounts: readonly DemoAccount[], email: string): DemoAccount | undefined {
  const wanted = email.toLowerCase();
  return accounts.find((account) => account.email.toLowerCase() === wanted);
}

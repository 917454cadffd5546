import type { Profile, ProfileUrls } from '../../../shared/contract';

export const LOCAL_EMULATOR_ID = 'local-emulator';
export const SANDBOX_ID = 'sandbox';
export const PRODUCTION_ID = 'production';

export const sandboxUrls: ProfileUrls = {
  authUrl: 'https://common-sandbox.api.acubeapi.com',
  documentsUrl: 'https://peppol-sandbox.api.acubeapi.com',
  transferUrl: 'https://transfer-sandbox.api.acubeapi.com',
  fiscalUrl: 'https://ereceipts-it-sandbox.acubeapi.com',
  fiscalMtlsUrl: 'https://ereceipts-it-sandbox.acubeapi.com:444',
};

/** The spec hides production's addresses: these mirror the sandbox hosts and must be checked (urlsNeedReview). */
export const productionUrlGuesses: ProfileUrls = {
  authUrl: 'https://common.api.acubeapi.com',
  documentsUrl: 'https://peppol.api.acubeapi.com',
  transferUrl: 'https://transfer.api.acubeapi.com',
  fiscalUrl: 'https://ereceipts-it.acubeapi.com',
  fiscalMtlsUrl: 'https://ereceipts-it.acubeapi.com:444',
};

export const builtInProfiles: readonly Profile[] = [
  { id: LOCAL_EMULATOR_ID, name: 'Local emulator', kind: 'emulator', environment: 'sandbox', builtIn: true },
  { id: SANDBOX_ID, name: 'Sandbox', kind: 'remote', environment: 'sandbox', urls: sandboxUrls, builtIn: true },
  {
    id: PRODUCTION_ID,
    name: 'Production',
    kind: 'remote',
    environment: 'production',
    urls: productionUrlGuesses,
    builtIn: true,
    urlsNeedReview: true,
  },
];

export const DEFAULT_ACTIVE_ID = LOCAL_EMULATOR_ID;

export const isBuiltInId = (id: string): boolean => builtInProfiles.some((p) => p.id === id);

import type { sessionSecurityEn } from './en';

export const sessionSecurityNb: typeof sessionSecurityEn = {
  addressChanged: {
    title: 'Logg inn på nytt',
    body: 'Adressene til denne profilen er endret, så den lagrede innloggingen er glemt: et passord sendes bare til adressen det ble skrevet inn for.',
  },
  secretMissing: {
    title: 'Åpne adressen som ble skrevet ut ved oppstart',
    body: 'Denne siden er nettleserskallet til Ledgerdesk, men den ble åpnet uten den hemmelige delen av adressen (etter «#s=») eller med den fra en tidligere oppstart, så den når ikke appen.',
    hint: 'Åpne adressen som ble skrevet ut ved oppstart (linjen som begynner med «Open Ledgerdesk at», eller «url» i JSON-linjen), eller start det på nytt med «npm run start:browser».',
  },
};

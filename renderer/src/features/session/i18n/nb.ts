import type { sessionSecurityEn } from './en';

export const sessionSecurityNb: typeof sessionSecurityEn = {
  addressChanged: {
    title: 'Logg inn på nytt',
    body: 'Adressene til denne profilen er endret, så den lagrede innloggingen er glemt: et passord sendes bare til adressen det ble skrevet inn for.',
  },
};

import type { sessionSecurityEn } from './en';

export const sessionSecurityPl: typeof sessionSecurityEn = {
  addressChanged: {
    title: 'Zaloguj się ponownie',
    body: 'Adresy tego profilu zmieniły się, więc zapisane logowanie zostało zapomniane: hasło jest wysyłane wyłącznie na adres, dla którego zostało wpisane.',
  },
  secretMissing: {
    title: 'Otwórz adres wypisany przy starcie',
    body: 'Ta strona to powłoka przeglądarkowa Ledgerdesk, ale otwarto ją bez tajnej części adresu (po „#s=”) albo z tą z wcześniejszego uruchomienia, więc nie może połączyć się z aplikacją.',
    hint: 'Otwórz adres wypisany przy starcie (wiersz zaczynający się od „Open Ledgerdesk at” lub pole „url” wiersza JSON) albo uruchom ją ponownie poleceniem „npm run start:browser”.',
  },
};

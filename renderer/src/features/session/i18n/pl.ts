import type { sessionSecurityEn } from './en';

export const sessionSecurityPl: typeof sessionSecurityEn = {
  addressChanged: {
    title: 'Zaloguj się ponownie',
    body: 'Adresy tego profilu zmieniły się, więc zapisane logowanie zostało zapomniane: hasło jest wysyłane wyłącznie na adres, dla którego zostało wpisane.',
  },
};

import type { sessionSecurityEn } from './en';

export const sessionSecurityIt: typeof sessionSecurityEn = {
  addressChanged: {
    title: 'Accedi di nuovo',
    body: 'Gli indirizzi di questo profilo sono cambiati, quindi l’accesso salvato è stato dimenticato: una password viene inviata solo all’indirizzo per cui è stata inserita.',
  },
};

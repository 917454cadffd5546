import type { sessionSecurityEn } from './en';

export const sessionSecurityIt: typeof sessionSecurityEn = {
  addressChanged: {
    title: 'Accedi di nuovo',
    body: 'Gli indirizzi di questo profilo sono cambiati, quindi l’accesso salvato è stato dimenticato: una password viene inviata solo all’indirizzo per cui è stata inserita.',
  },
  secretMissing: {
    title: 'Apri l’indirizzo stampato all’avvio',
    body: 'Questa pagina è la shell browser di Ledgerdesk, ma è stata aperta senza la parte segreta dell’indirizzo (dopo “#s=”) oppure con quella di un avvio precedente, quindi non può raggiungere l’app.',
    hint: 'Apri l’indirizzo stampato all’avvio (la riga che inizia con “Open Ledgerdesk at”, o il campo “url” della riga JSON), oppure riavviala con “npm run start:browser”.',
  },
};

import type { certificatesEn } from './en';

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

/** Italian strings of Settings → Certificates. */
export const certificatesIt: Shape<typeof certificatesEn> = {
  title: 'Certificati',
  description: 'Il certificato del registratore del profilo attivo: il servizio fiscale lo usa per riconoscere il tuo registratore quando emetti scontrini. La chiave privata resta cifrata nel nucleo dell’app.',
  loading: 'Lettura del certificato…',
  loadFailed: 'Non è stato possibile leggere il certificato',
  none: 'Per questo profilo non è ancora importato alcun certificato. Importa il file PKCS#12 (.p12 / .pfx) che il servizio ha rilasciato per il tuo registratore, oppure il certificato e la chiave privata come file PEM.',
  imported: 'Certificato di {{pem}} importato',
  removed: 'Certificato rimosso',
  replace: 'Sostituisci',
  remove: 'Rimuovi certificato',
  removeConfirm: {
    title: 'Rimuovere il certificato?',
    body: 'Il certificato di {{pem}} e la sua chiave privata vengono eliminati da questo computer. Non si potranno emettere scontrini finché non importi di nuovo un certificato.',
  },
  kinds: {
    p12: 'Certificato PKCS#12',
    pem: 'Certificato e chiave PEM',
  },
  validity: {
    valid: 'Valido',
    expiring: 'In scadenza',
    expired: 'Scaduto',
    daysLeft_one: 'manca {{count}} giorno',
    daysLeft_other: 'mancano {{count}} giorni',
    expired_one: 'scaduto da {{count}} giorno',
    expired_other: 'scaduto da {{count}} giorni',
    expiringBody: 'Chiedi al servizio fiscale un nuovo certificato e importalo prima che questo scada, altrimenti non potrai più emettere scontrini.',
    expiredBody: 'Il servizio rifiuta i certificati scaduti: importa il nuovo certificato di questo registratore.',
  },
  otherIssuer: {
    title: 'Emesso da un’altra autorità di certificazione',
    body: 'Questo certificato non discende dall’autorità di cui il profilo si fida, quindi il servizio fiscale potrebbe rifiutarlo.',
  },
  fields: {
    subject: 'Soggetto',
    issuer: 'Emittente',
    serialNumber: 'Numero di serie',
    validFrom: 'Valido dal',
    validTo: 'Valido fino al',
    pem: 'PEM',
    noPem: 'Il certificato non indica alcun PEM.',
    fingerprint: 'Impronta SHA-256',
    importedAt: 'Importato',
  },
  import: {
    title: 'Importa un certificato',
    format: 'Formato del certificato',
    formats: {
      p12: 'PKCS#12 (.p12, .pfx)',
      pem: 'Certificato + chiave PEM',
    },
    p12File: 'File del certificato (.p12 / .pfx)',
    p12Hint: 'Il file contiene il certificato e la sua chiave privata.',
    passphrase: 'Passphrase',
    passphraseHint: 'La passphrase che protegge il file (lascia vuoto se non ne ha).',
    certFile: 'Certificato (PEM)',
    keyFile: 'Chiave privata (PEM)',
    keyHint: 'La chiave creata insieme al certificato (-----BEGIN PRIVATE KEY-----).',
    keyPassphrase: 'Passphrase della chiave',
    keyPassphraseHint: 'Solo per una chiave privata cifrata.',
    dropHere: 'Trascina qui il file o sceglilo',
    chosen: 'Scelto: {{name}}',
    chooseFile: 'Scegli file…',
    changeFile: 'Cambia…',
    fileRequired: 'Scegli il file.',
    fileEmpty: 'Questo file è vuoto.',
    fileTooLarge: 'Questo file è troppo grande per essere un certificato o una chiave (al massimo 1 MiB).',
    fileUnreadable: 'Non è stato possibile leggere il file dal disco.',
    allowOtherIssuer: 'Importalo comunque',
    allowOtherIssuerHint: 'Solo se sai che il servizio accetta certificati di questa autorità (es. un servizio di prova privato).',
    keyStaysNote: 'La chiave privata viene verificata e conservata cifrata dal nucleo dell’app; questa schermata vede solo i dati del certificato.',
    submit: 'Importa certificato',
    failed: 'Il certificato non è stato importato',
  },
  reasons: {
    not_pkcs12: {
      title: 'Non è un file PKCS#12',
      body: 'Questo file non è un certificato .p12 / .pfx, oppure è danneggiato. Scegli il file che ti ha dato il servizio.',
    },
    wrong_passphrase: {
      title: 'Passphrase errata',
      body: 'La passphrase non apre questo file. Controllala (distingue maiuscole e minuscole) e riprova.',
    },
    unsupported: {
      title: 'Formato del file non supportato',
      body: 'Il file usa una cifratura che l’app non sa leggere. Esportalo di nuovo con le impostazioni standard, oppure importa certificato e chiave come file PEM.',
    },
    no_key: {
      title: 'Nel file manca la chiave privata',
      body: 'Il file contiene il certificato ma non la sua chiave privata. Esportalo di nuovo includendo la chiave privata.',
    },
    no_certificate: {
      title: 'Nel file manca il certificato',
      body: 'Il file non contiene alcun certificato. Scegli il file del certificato del tuo registratore.',
    },
    key_mismatch: {
      title: 'La chiave non corrisponde al certificato',
      body: 'La chiave privata non è stata creata con questo certificato. Scegli la chiave che gli appartiene.',
    },
    not_certificate: {
      title: 'Non è un certificato',
      body: 'Il file del certificato non è un certificato PEM o DER (dovrebbe iniziare con -----BEGIN CERTIFICATE-----).',
    },
    not_key: {
      title: 'Non è una chiave privata',
      body: 'Il file della chiave non è una chiave privata in formato PEM (dovrebbe iniziare con -----BEGIN PRIVATE KEY-----).',
    },
    key_passphrase_required: {
      title: 'La chiave richiede la sua passphrase',
      body: 'La chiave privata è cifrata: scrivi la sua passphrase.',
    },
    expired: {
      title: 'Il certificato è scaduto',
      body: 'Il servizio rifiuta i certificati scaduti. Chiedigli un nuovo certificato per questo registratore.',
    },
    not_yet_valid: {
      title: 'Il certificato non è ancora valido',
      body: 'Importalo dal giorno in cui diventa valido, oppure controlla la data del computer.',
    },
    other_issuer: {
      title: 'Emesso da un’altra autorità di certificazione',
      body: 'Il certificato non proviene dall’autorità di cui il profilo si fida, quindi il servizio fiscale lo rifiuterebbe. Importa il certificato che il servizio ha rilasciato per questo registratore.',
    },
    missing: {
      title: 'Nessun certificato importato',
      body: 'Importa prima il certificato del tuo registratore.',
    },
  },
};

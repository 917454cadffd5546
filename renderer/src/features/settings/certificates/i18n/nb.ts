import type { Shape } from '../../../../i18n/shape';
import type { certificatesEn } from './en';

/** Norwegian Bokmål strings of Settings → Certificates. */
export const certificatesNb: Shape<typeof certificatesEn> = {
  title: 'Sertifikater',
  description: 'Kassesertifikatet til den aktive profilen: skattetjenesten kjenner igjen kassen din på det når kvitteringer utstedes. Den private nøkkelen forblir kryptert i appens kjerne.',
  loading: 'Leser sertifikatet…',
  loadFailed: 'Sertifikatet kunne ikke leses',
  none: 'Ingen sertifikat er importert for denne profilen ennå. Importer PKCS#12-filen (.p12 / .pfx) som tjenesten utstedte for kassen din, eller sertifikatet og den private nøkkelen som PEM-filer.',
  imported: 'Sertifikatet for {{pem}} er importert',
  removed: 'Sertifikatet er fjernet',
  replace: 'Erstatt',
  remove: 'Fjern sertifikatet',
  removeConfirm: {
    title: 'Fjerne sertifikatet?',
    body: 'Sertifikatet for {{pem}} og den private nøkkelen slettes fra denne datamaskinen. Det kan ikke utstedes kvitteringer før du importerer et sertifikat igjen.',
  },
  kinds: {
    p12: 'PKCS#12-sertifikat',
    pem: 'PEM-sertifikat og -nøkkel',
  },
  validity: {
    valid: 'Gyldig',
    expiring: 'Utløper snart',
    expired: 'Utløpt',
    daysLeft_one: '{{count}} dag igjen',
    daysLeft_other: '{{count}} dager igjen',
    expired_one: 'utløp for {{count}} dag siden',
    expired_other: 'utløp for {{count}} dager siden',
    expiringBody: 'Be skattetjenesten om et nytt sertifikat og importer det før dette utløper, ellers kan det ikke lenger utstedes kvitteringer.',
    expiredBody: 'Tjenesten avviser et utløpt sertifikat: importer det nye sertifikatet for denne kassen.',
  },
  otherIssuer: {
    title: 'Utstedt av en annen sertifikatutsteder',
    body: 'Dette sertifikatet kjeder ikke til utstederen denne profilen stoler på, så skattetjenesten kan avvise det.',
  },
  fields: {
    subject: 'Subjekt',
    issuer: 'Utsteder',
    serialNumber: 'Serienummer',
    validFrom: 'Gyldig fra',
    validTo: 'Gyldig til',
    pem: 'PEM',
    noPem: 'Sertifikatet angir ingen PEM.',
    fingerprint: 'SHA-256-fingeravtrykk',
    importedAt: 'Importert',
  },
  import: {
    title: 'Importer et sertifikat',
    format: 'Sertifikatformat',
    formats: {
      p12: 'PKCS#12 (.p12, .pfx)',
      pem: 'PEM-sertifikat + nøkkel',
    },
    p12File: 'Sertifikatfil (.p12 / .pfx)',
    p12Hint: 'Filen inneholder sertifikatet og den private nøkkelen.',
    passphrase: 'Passordfrase',
    passphraseHint: 'Passordfrasen som beskytter filen (la feltet stå tomt hvis den ikke har noen).',
    certFile: 'Sertifikat (PEM)',
    keyFile: 'Privat nøkkel (PEM)',
    keyHint: 'Nøkkelen som ble laget sammen med sertifikatet (-----BEGIN PRIVATE KEY-----).',
    keyPassphrase: 'Nøkkelens passordfrase',
    keyPassphraseHint: 'Bare for en kryptert privat nøkkel.',
    dropHere: 'Slipp filen her eller velg den',
    chosen: 'Valgt: {{name}}',
    chooseFile: 'Velg fil…',
    changeFile: 'Bytt…',
    fileRequired: 'Velg filen.',
    fileEmpty: 'Denne filen er tom.',
    fileTooLarge: 'Denne filen er for stor til å være et sertifikat eller en nøkkel (høyst 1 MiB).',
    fileUnreadable: 'Filen kunne ikke leses fra disken.',
    allowOtherIssuer: 'Importer likevel',
    allowOtherIssuerHint: 'Bare hvis du vet at tjenesten godtar sertifikater fra denne utstederen (f.eks. en privat testtjeneste).',
    keyStaysNote: 'Den private nøkkelen kontrolleres og lagres kryptert av appens kjerne; dette skjermbildet ser bare sertifikatets detaljer.',
    submit: 'Importer sertifikatet',
    failed: 'Sertifikatet ble ikke importert',
  },
  reasons: {
    not_pkcs12: {
      title: 'Ikke en PKCS#12-fil',
      body: 'Denne filen er ikke en .p12 / .pfx-sertifikatfil, eller den er skadet. Velg filen du fikk fra tjenesten.',
    },
    wrong_passphrase: {
      title: 'Feil passordfrase',
      body: 'Passordfrasen åpner ikke denne filen. Kontroller den (det skilles mellom store og små bokstaver) og prøv igjen.',
    },
    unsupported: {
      title: 'Filformatet støttes ikke',
      body: 'Filen bruker en kryptering appen ikke kan lese. Eksporter den på nytt med standardinnstillinger, eller importer sertifikatet og nøkkelen som PEM-filer.',
    },
    no_key: {
      title: 'Ingen privat nøkkel i filen',
      body: 'Filen inneholder sertifikatet, men ikke den private nøkkelen. Eksporter den på nytt med den private nøkkelen.',
    },
    no_certificate: {
      title: 'Ingen sertifikat i filen',
      body: 'Filen inneholder ikke noe sertifikat. Velg sertifikatfilen for kassen din.',
    },
    key_mismatch: {
      title: 'Nøkkelen passer ikke til sertifikatet',
      body: 'Den private nøkkelen ble ikke laget sammen med dette sertifikatet. Velg nøkkelen som hører til det.',
    },
    not_certificate: {
      title: 'Ikke et sertifikat',
      body: 'Sertifikatfilen er ikke et PEM- eller DER-sertifikat (den skal begynne med -----BEGIN CERTIFICATE-----).',
    },
    not_key: {
      title: 'Ikke en privat nøkkel',
      body: 'Nøkkelfilen er ikke en privat nøkkel i PEM-format (den skal begynne med -----BEGIN PRIVATE KEY-----).',
    },
    key_passphrase_required: {
      title: 'Nøkkelen trenger passordfrasen sin',
      body: 'Den private nøkkelen er kryptert: skriv inn passordfrasen.',
    },
    expired: {
      title: 'Sertifikatet er utløpt',
      body: 'Tjenesten avviser utløpte sertifikater. Be om et nytt sertifikat for denne kassen.',
    },
    not_yet_valid: {
      title: 'Sertifikatet er ikke gyldig ennå',
      body: 'Importer det fra den dagen det blir gyldig, eller kontroller datoen på datamaskinen.',
    },
    other_issuer: {
      title: 'Utstedt av en annen sertifikatutsteder',
      body: 'Sertifikatet kommer ikke fra utstederen denne profilen stoler på, så skattetjenesten ville avvise det. Importer sertifikatet tjenesten utstedte for denne kassen.',
    },
    missing: {
      title: 'Ingen sertifikat importert',
      body: 'Importer sertifikatet for kassen din først.',
    },
  },
};

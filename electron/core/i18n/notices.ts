/**
 * The desktop notifications the core raises on its own (a report ready, a certificate expiring,
 * an upload batch settled), worded in the user's UI language. The renderer's strings live in
 * renderer/src/i18n; these are the few the core must word itself because they may appear while
 * no window is looking.
 */
import type { Preferences, ReportType } from '../../../shared/contract';
import type { Notifier } from '../ports';

type Language = Preferences['language'];

export type Notice =
  | { kind: 'reportReady'; reportType: ReportType; pem: string }
  | { kind: 'reportFailed'; reportType: ReportType; pem: string; reason?: string }
  | { kind: 'certificateExpired'; pem: string | null; validTo: string }
  | { kind: 'certificateExpiring'; pem: string | null; validTo: string; daysLeft: number }
  | { kind: 'uploadsSettled'; delivered: number; failed: number; rejected: number }
  | { kind: 'dataFolderTightened'; folder: string };

/** Raises notices through the host's notifier, in the language the user has chosen at that moment. */
export interface NoticeBoard {
  notify(notice: Notice): void;
}

export function createNoticeBoard(notifier: Notifier, language: () => Language): NoticeBoard {
  return {
    notify(notice) {
      const { title, body } = noticeText(language(), notice);
      notifier.notify(title, body);
    },
  };
}

type Plural = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

interface Catalog {
  reportTypes: Record<ReportType, string>;
  reportReady: { title: string; body: (report: string, pem: string) => string };
  reportFailed: { title: string; body: (report: string, pem: string, reason?: string) => string };
  certificate: (pem: string | null) => string;
  certificateExpired: { title: string; body: (what: string, day: string) => string };
  certificateExpiring: { title: string; body: (what: string, day: string, daysLeft: string) => string };
  days: Plural;
  files: Plural;
  uploadsDelivered: { title: string; body: (files: string) => string };
  uploadsProblems: { title: string; body: (files: string, problems: string) => string };
  failed: (n: number) => string;
  refused: (n: number) => string;
  dataFolderTightened: { title: string; body: (folder: string) => string };
}

const catalogs: Record<Language, Catalog> = {
  en: {
    reportTypes: {
      journal_closure: 'Journal closure report',
      journal_reading: 'Journal reading report',
      diagnostics: 'Diagnostics report',
      receipts_details: 'Receipts report (details)',
      receipts_summary: 'Receipts report (summary)',
    },
    reportReady: { title: 'Report ready', body: (report, pem) => `${report} of PEM ${pem} is ready.` },
    reportFailed: { title: 'Report failed', body: (report, pem, reason) => `${report} of PEM ${pem} failed${reason ? `: ${reason}` : '.'}` },
    certificate: (pem) => (pem ? `The certificate of cash register ${pem}` : 'The cash register certificate'),
    certificateExpired: { title: 'Certificate expired', body: (what, day) => `${what} expired on ${day}. Receipts cannot be issued until a new one is imported.` },
    certificateExpiring: {
      title: 'Certificate expires soon',
      body: (what, day, left) => `${what} expires on ${day} (${left} left). Ask for a new one and import it in Settings → Certificates.`,
    },
    days: { one: '{n} day', other: '{n} days' },
    files: { one: '{n} file', other: '{n} files' },
    uploadsDelivered: { title: 'Uploads delivered', body: (files) => `${files} delivered, each exactly once.` },
    uploadsProblems: { title: 'Uploads finished with problems', body: (files, problems) => `${files} delivered; ${problems}. Open Uploads to see why.` },
    failed: (n) => `${n} failed`,
    refused: (n) => `${n} refused`,
    dataFolderTightened: {
      title: 'App data folder made private',
      body: (folder) => `Some files in the app's data folder ${folder} could be read by other users of this computer. Only you can read them now; the app's log lists what changed.`,
    },
  },
  it: {
    reportTypes: {
      journal_closure: 'Il report di chiusura del giornale',
      journal_reading: 'Il report di lettura del giornale',
      diagnostics: 'Il report di diagnostica',
      receipts_details: 'Il report degli scontrini (dettaglio)',
      receipts_summary: 'Il report degli scontrini (riepilogo)',
    },
    reportReady: { title: 'Report pronto', body: (report, pem) => `${report} del PEM ${pem} è pronto.` },
    reportFailed: { title: 'Report non riuscito', body: (report, pem, reason) => `${report} del PEM ${pem} non è riuscito${reason ? `: ${reason}` : '.'}` },
    certificate: (pem) => (pem ? `Il certificato del registratore ${pem}` : 'Il certificato del registratore di cassa'),
    certificateExpired: { title: 'Certificato scaduto', body: (what, day) => `${what} è scaduto il ${day}. Non si possono emettere scontrini finché non ne importi uno nuovo.` },
    certificateExpiring: {
      title: 'Il certificato scade a breve',
      body: (what, day, left) => `${what} scade il ${day} (${left}). Richiedine uno nuovo e importalo in Impostazioni → Certificati.`,
    },
    days: { one: 'manca {n} giorno', other: 'mancano {n} giorni' },
    files: { one: '{n} file', other: '{n} file' },
    uploadsDelivered: { title: 'Invii consegnati', body: (files) => `${files} consegnati, ciascuno una sola volta.` },
    uploadsProblems: { title: 'Invii terminati con problemi', body: (files, problems) => `${files} consegnati; ${problems}. Apri Invii per vedere perché.` },
    failed: (n) => `${n} non riusciti`,
    refused: (n) => `${n} rifiutati`,
    dataFolderTightened: {
      title: 'Cartella dei dati resa privata',
      body: (folder) => `Alcuni file nella cartella dei dati dell'app ${folder} erano leggibili da altri utenti di questo computer. Ora puoi leggerli solo tu; il registro dell'app elenca cosa è cambiato.`,
    },
  },
  nb: {
    reportTypes: {
      journal_closure: 'Rapporten om journallukking',
      journal_reading: 'Journalavlesningen',
      diagnostics: 'Diagnostikkrapporten',
      receipts_details: 'Kvitteringsrapporten (detaljer)',
      receipts_summary: 'Kvitteringsrapporten (sammendrag)',
    },
    reportReady: { title: 'Rapporten er klar', body: (report, pem) => `${report} for PEM ${pem} er klar.` },
    reportFailed: { title: 'Rapporten mislyktes', body: (report, pem, reason) => `${report} for PEM ${pem} mislyktes${reason ? `: ${reason}` : '.'}` },
    certificate: (pem) => (pem ? `Sertifikatet for kasse ${pem}` : 'Kassesertifikatet'),
    certificateExpired: { title: 'Sertifikatet er utløpt', body: (what, day) => `${what} utløp ${day}. Det kan ikke utstedes kvitteringer før et nytt er importert.` },
    certificateExpiring: {
      title: 'Sertifikatet utløper snart',
      body: (what, day, left) => `${what} utløper ${day} (${left} igjen). Be om et nytt og importer det under Innstillinger → Sertifikater.`,
    },
    days: { one: '{n} dag', other: '{n} dager' },
    files: { one: '{n} fil', other: '{n} filer' },
    uploadsDelivered: { title: 'Opplastingene er levert', body: (files) => `${files} levert, hver nøyaktig én gang.` },
    uploadsProblems: { title: 'Opplastingene ble ferdige med problemer', body: (files, problems) => `${files} levert; ${problems}. Åpne Opplastinger for å se hvorfor.` },
    failed: (n) => `${n} mislyktes`,
    refused: (n) => `${n} avvist`,
    dataFolderTightened: {
      title: 'Datamappen er gjort privat',
      body: (folder) => `Noen filer i appens datamappe ${folder} kunne leses av andre brukere på denne datamaskinen. Nå kan bare du lese dem; appens logg viser hva som ble endret.`,
    },
  },
  pl: {
    reportTypes: {
      journal_closure: 'Raport zamknięcia dziennika',
      journal_reading: 'Raport odczytu dziennika',
      diagnostics: 'Raport diagnostyczny',
      receipts_details: 'Raport paragonów (szczegóły)',
      receipts_summary: 'Raport paragonów (zestawienie)',
    },
    reportReady: { title: 'Raport gotowy', body: (report, pem) => `${report} urządzenia PEM ${pem} jest gotowy.` },
    reportFailed: { title: 'Raport nie powiódł się', body: (report, pem, reason) => `${report} urządzenia PEM ${pem} nie powiódł się${reason ? `: ${reason}` : '.'}` },
    certificate: (pem) => (pem ? `Certyfikat kasy ${pem}` : 'Certyfikat kasy'),
    certificateExpired: { title: 'Certyfikat wygasł', body: (what, day) => `${what} wygasł ${day}. Do czasu zaimportowania nowego nie można wystawiać paragonów.` },
    certificateExpiring: {
      title: 'Certyfikat wkrótce wygaśnie',
      body: (what, day, left) => `${what} wygasa ${day} (${left}). Poproś o nowy i zaimportuj go w Ustawienia → Certyfikaty.`,
    },
    days: { one: 'został {n} dzień', few: 'zostały {n} dni', many: 'zostało {n} dni', other: 'zostało {n} dnia' },
    files: { one: '{n} plik', few: '{n} pliki', many: '{n} plików', other: '{n} pliku' },
    uploadsDelivered: { title: 'Pliki doręczone', body: (files) => `Doręczono: ${files}, każdy dokładnie raz.` },
    uploadsProblems: { title: 'Wysyłka zakończona z problemami', body: (files, problems) => `Doręczono: ${files}; ${problems}. Otwórz Wysyłkę plików, aby zobaczyć przyczynę.` },
    failed: (n) => `nieudane: ${n}`,
    refused: (n) => `odrzucone: ${n}`,
    dataFolderTightened: {
      title: 'Folder danych jest teraz prywatny',
      body: (folder) => `Niektóre pliki w folderze danych aplikacji ${folder} mogli odczytać inni użytkownicy tego komputera. Teraz może je odczytać tylko Ty; dziennik aplikacji wymienia, co zmieniono.`,
    },
  },
};

function counted(language: Language, forms: Plural, n: number): string {
  const form = forms[new Intl.PluralRules(language).select(n)] ?? forms.other;
  return form.replace('{n}', new Intl.NumberFormat(language).format(n));
}

/** The calendar day of an instant, written the way the language writes dates (e.g. 24. november 2026). */
function longDay(language: Language, iso: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));
}

export function noticeText(language: Language, notice: Notice): { title: string; body: string } {
  const c = catalogs[language];
  switch (notice.kind) {
    case 'reportReady':
      return { title: c.reportReady.title, body: c.reportReady.body(c.reportTypes[notice.reportType], notice.pem) };
    case 'reportFailed':
      return { title: c.reportFailed.title, body: c.reportFailed.body(c.reportTypes[notice.reportType], notice.pem, notice.reason) };
    case 'certificateExpired':
      return { title: c.certificateExpired.title, body: c.certificateExpired.body(c.certificate(notice.pem), longDay(language, notice.validTo)) };
    case 'certificateExpiring':
      return {
        title: c.certificateExpiring.title,
        body: c.certificateExpiring.body(c.certificate(notice.pem), longDay(language, notice.validTo), counted(language, c.days, notice.daysLeft)),
      };
    case 'uploadsSettled': {
      const files = counted(language, c.files, notice.delivered);
      const problems = [notice.failed ? c.failed(notice.failed) : '', notice.rejected ? c.refused(notice.rejected) : ''].filter(Boolean).join(', ');
      return problems ? { title: c.uploadsProblems.title, body: c.uploadsProblems.body(files, problems) } : { title: c.uploadsDelivered.title, body: c.uploadsDelivered.body(files) };
    }
    case 'dataFolderTightened':
      return { title: c.dataFolderTightened.title, body: c.dataFolderTightened.body(notice.folder) };
  }
}

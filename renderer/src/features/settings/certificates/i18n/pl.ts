import type { PolishShape } from '../../../../i18n/shape';
import type { certificatesEn } from './en';

/** Polish strings of Settings → Certificates. */
export const certificatesPl: PolishShape<typeof certificatesEn> = {
  title: 'Certyfikaty',
  description: 'Certyfikat kasy aktywnego profilu: usługa fiskalna rozpoznaje po nim Twoją kasę przy wystawianiu paragonów. Klucz prywatny pozostaje zaszyfrowany w rdzeniu aplikacji.',
  loading: 'Odczytywanie certyfikatu…',
  loadFailed: 'Nie udało się odczytać certyfikatu',
  none: 'Dla tego profilu nie zaimportowano jeszcze certyfikatu. Zaimportuj plik PKCS#12 (.p12 / .pfx) wystawiony przez usługę dla Twojej kasy albo certyfikat i klucz prywatny jako pliki PEM.',
  imported: 'Zaimportowano certyfikat urządzenia {{pem}}',
  removed: 'Usunięto certyfikat',
  replace: 'Zastąp',
  remove: 'Usuń certyfikat',
  removeConfirm: {
    title: 'Usunąć certyfikat?',
    body: 'Certyfikat urządzenia {{pem}} i jego klucz prywatny zostaną usunięte z tego komputera. Do czasu ponownego zaimportowania certyfikatu nie będzie można wystawiać paragonów.',
  },
  kinds: {
    p12: 'Certyfikat PKCS#12',
    pem: 'Certyfikat i klucz PEM',
  },
  validity: {
    valid: 'Ważny',
    expiring: 'Wkrótce wygasa',
    expired: 'Wygasł',
    daysLeft_one: 'Pozostał {{count}} dzień',
    daysLeft_few: 'Pozostały {{count}} dni',
    daysLeft_many: 'Pozostało {{count}} dni',
    daysLeft_other: 'Pozostało {{count}} dnia',
    expired_one: 'wygasł {{count}} dzień temu',
    expired_few: 'wygasł {{count}} dni temu',
    expired_many: 'wygasł {{count}} dni temu',
    expired_other: 'wygasł {{count}} dnia temu',
    expiringBody: 'Poproś usługę fiskalną o nowy certyfikat i zaimportuj go, zanim ten wygaśnie, w przeciwnym razie nie będzie można wystawiać paragonów.',
    expiredBody: 'Usługa odrzuca wygasły certyfikat: zaimportuj nowy certyfikat tej kasy.',
  },
  otherIssuer: {
    title: 'Wystawiony przez inny urząd certyfikacji',
    body: 'Ten certyfikat nie prowadzi do urzędu certyfikacji, któremu ufa ten profil, więc usługa fiskalna może go odrzucić.',
  },
  fields: {
    subject: 'Podmiot',
    issuer: 'Wystawca',
    serialNumber: 'Numer seryjny',
    validFrom: 'Ważny od',
    validTo: 'Ważny do',
    pem: 'PEM',
    noPem: 'Certyfikat nie wskazuje urządzenia PEM.',
    fingerprint: 'Odcisk SHA-256',
    importedAt: 'Zaimportowano',
  },
  import: {
    title: 'Importuj certyfikat',
    format: 'Format certyfikatu',
    formats: {
      p12: 'PKCS#12 (.p12, .pfx)',
      pem: 'Certyfikat PEM + klucz',
    },
    p12File: 'Plik certyfikatu (.p12 / .pfx)',
    p12Hint: 'Plik zawiera certyfikat i jego klucz prywatny.',
    passphrase: 'Hasło',
    passphraseHint: 'Hasło chroniące plik (zostaw puste, jeśli plik go nie ma).',
    certFile: 'Certyfikat (PEM)',
    keyFile: 'Klucz prywatny (PEM)',
    keyHint: 'Klucz utworzony razem z certyfikatem (-----BEGIN PRIVATE KEY-----).',
    keyPassphrase: 'Hasło klucza',
    keyPassphraseHint: 'Tylko dla zaszyfrowanego klucza prywatnego.',
    dropHere: 'Upuść plik tutaj lub wybierz go',
    chosen: 'Wybrano: {{name}}',
    chooseFile: 'Wybierz plik…',
    changeFile: 'Zmień…',
    fileRequired: 'Wybierz plik.',
    fileEmpty: 'Ten plik jest pusty.',
    fileTooLarge: 'Ten plik jest za duży, by był certyfikatem lub kluczem (najwyżej 1 MiB).',
    fileUnreadable: 'Nie udało się odczytać pliku z dysku.',
    allowOtherIssuer: 'Importuj mimo to',
    allowOtherIssuerHint: 'Tylko jeśli wiesz, że usługa akceptuje certyfikaty tego urzędu (np. prywatna usługa testowa).',
    keyStaysNote: 'Klucz prywatny jest sprawdzany i przechowywany w postaci zaszyfrowanej przez rdzeń aplikacji; ten ekran widzi wyłącznie dane certyfikatu.',
    submit: 'Importuj certyfikat',
    failed: 'Nie zaimportowano certyfikatu',
  },
  reasons: {
    not_pkcs12: {
      title: 'To nie jest plik PKCS#12',
      body: 'Ten plik nie jest plikiem certyfikatu .p12 / .pfx albo jest uszkodzony. Wybierz plik otrzymany od usługi.',
    },
    wrong_passphrase: {
      title: 'Nieprawidłowe hasło',
      body: 'To hasło nie otwiera pliku. Sprawdź je (wielkość liter ma znaczenie) i spróbuj ponownie.',
    },
    unsupported: {
      title: 'Nieobsługiwany format pliku',
      body: 'Plik używa szyfrowania, którego aplikacja nie potrafi odczytać. Wyeksportuj go ponownie ze standardowymi ustawieniami albo zaimportuj certyfikat i klucz jako pliki PEM.',
    },
    no_key: {
      title: 'Brak klucza prywatnego w pliku',
      body: 'Plik zawiera certyfikat, ale nie jego klucz prywatny. Wyeksportuj go ponownie razem z kluczem prywatnym.',
    },
    no_certificate: {
      title: 'Brak certyfikatu w pliku',
      body: 'Plik nie zawiera certyfikatu. Wybierz plik certyfikatu swojej kasy.',
    },
    key_mismatch: {
      title: 'Klucz nie pasuje do certyfikatu',
      body: 'Klucz prywatny nie został utworzony z tym certyfikatem. Wybierz klucz, który do niego należy.',
    },
    not_certificate: {
      title: 'To nie jest certyfikat',
      body: 'Plik certyfikatu nie jest certyfikatem PEM ani DER (powinien zaczynać się od -----BEGIN CERTIFICATE-----).',
    },
    not_key: {
      title: 'To nie jest klucz prywatny',
      body: 'Plik klucza nie jest kluczem prywatnym w formacie PEM (powinien zaczynać się od -----BEGIN PRIVATE KEY-----).',
    },
    key_passphrase_required: {
      title: 'Klucz wymaga hasła',
      body: 'Klucz prywatny jest zaszyfrowany: wpisz jego hasło.',
    },
    expired: {
      title: 'Certyfikat wygasł',
      body: 'Usługa odrzuca wygasłe certyfikaty. Poproś o nowy certyfikat dla tej kasy.',
    },
    not_yet_valid: {
      title: 'Certyfikat nie jest jeszcze ważny',
      body: 'Zaimportuj go od dnia, w którym stanie się ważny, albo sprawdź datę na komputerze.',
    },
    other_issuer: {
      title: 'Wystawiony przez inny urząd certyfikacji',
      body: 'Certyfikat nie pochodzi od urzędu, któremu ufa ten profil, więc usługa fiskalna by go odrzuciła. Zaimportuj certyfikat wystawiony przez usługę dla tej kasy.',
    },
    missing: {
      title: 'Nie zaimportowano certyfikatu',
      body: 'Najpierw zaimportuj certyfikat swojej kasy.',
    },
  },
};

/** The country list the KSeF FA(2) shared templates read with `document()`, answered offline from the vendored schema. */
export const KSEF_COUNTRIES_URL = 'http://crd.gov.pl/xml/schematy/dziedzinowe/mf/2022/01/05/eD/DefinicjeTypy/KodyKrajow_v10-0E.xsd';
/** Under standards/artefacts. */
export const KSEF_COUNTRIES_PATH = 'ksef/xsd/bazowe/KodyKrajow_v10-0E.xsd';

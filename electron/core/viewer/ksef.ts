/**
 * KSeF (Poland) FA(2) and FA(3): the summary and a labelled layout that follows the FA(3) schema's
 * structure (Naglowek, Podmiot1/2/3, Fa with its lines, VAT summary, annotations, settlement,
 * payment and transaction terms, Stopka, Zalacznik). No official FA(3) stylesheet is available, so
 * FA(3) is always shown this way; FA(2) uses it when the Ministry's stylesheet cannot run.
 */
import type { LayoutField, LayoutSection, SchemaLayout, ViewerParty, ViewerSummary } from '../../../shared/contract';
import type { XmlElement } from '../../../shared/ubl';
import { fieldsAt, findElement, findElements, isEmpty, joinText, section, tableAt, textAt, type FieldSpec } from './layout-builder';
import { codeMeanings, describeBy, FA3_SCHEMA } from './ksef-codes';

/** Fields whose codes carry their meaning from the FA (3) schema (FA (2) uses the same codes). */
const codedFieldsAt = (element: XmlElement | undefined, specs: FieldSpec[], currency?: string) => fieldsAt(element, specs, currency, describeBy(codeMeanings(FA3_SCHEMA)));

export const KSEF_NAMESPACES: Record<string, 'FA (2)' | 'FA (3)' | 'FA_RR (1)'> = {
  'http://crd.gov.pl/wzor/2023/06/29/12648/': 'FA (2)',
  'http://crd.gov.pl/wzor/2025/06/25/13775/': 'FA (3)',
  'http://crd.gov.pl/wzor/2026/03/06/14189/': 'FA_RR (1)',
};

export function isKsef(root: XmlElement): boolean {
  return root.name === 'Faktura' && root.namespace.startsWith('http://crd.gov.pl/wzor/');
}

export function ksefVersion(root: XmlElement): { version: 'FA (2)' | 'FA (3)' | 'FA_RR (1)' } | { problem: string } {
  const version = KSEF_NAMESPACES[root.namespace];
  if (version) return { version };
  const declared = findElement(root, 'Naglowek/KodFormularza')?.attributes.kodSystemowy;
  return { problem: `This KSeF invoice uses the schema ${declared ?? root.namespace}; the viewer knows FA (2), FA (3) and FA_RR (1).` };
}

function buyerTaxId(identification: XmlElement | undefined): string | undefined {
  return (
    textAt(identification, 'NIP') ??
    joinText(identification, ['KodUE', 'NrVatUE'], '') ??
    joinText(identification, ['KodKraju', 'NrID'], ' ')
  );
}

export function partySummary(element: XmlElement | undefined): ViewerParty | undefined {
  if (!element) return undefined;
  const identification = findElement(element, 'DaneIdentyfikacyjne');
  const result: ViewerParty = {};
  const name = textAt(identification, 'Nazwa') ?? joinText(identification, ['ImiePierwsze', 'Nazwisko'], ' ');
  if (name) result.name = name;
  const taxId = buyerTaxId(identification);
  if (taxId) result.taxId = taxId;
  const address = joinText(findElement(element, 'Adres'), ['AdresL1', 'AdresL2', 'KodKraju']);
  if (address) result.address = address;
  return result;
}

export function ksefSummary(root: XmlElement): ViewerSummary {
  const fa = findElement(root, 'Fa');
  const summary: ViewerSummary = {};
  const number = textAt(fa, 'P_2');
  if (number) summary.number = number;
  const date = textAt(fa, 'P_1');
  if (date) summary.date = date;
  const kind = textAt(fa, 'RodzajFaktury');
  if (kind) summary.kindCode = kind;
  const seller = partySummary(findElement(root, 'Podmiot1'));
  if (seller) summary.seller = seller;
  const buyer = partySummary(findElement(root, 'Podmiot2'));
  if (buyer) summary.buyer = buyer;
  const total = textAt(fa, 'P_15');
  if (total) summary.total = { text: total, currency: textAt(fa, 'KodWaluty') ?? 'PLN' };
  return summary;
}

/** An address's two lines as one field (two rows labelled "Address" read as two addresses). */
function addressLines(element: XmlElement, key: string, path: string): LayoutField[] {
  const value = joinText(findElement(element, path), ['AdresL1', 'AdresL2']);
  return value ? [{ key, value }] : [];
}

const contactFields: FieldSpec[] = [
  ['country', 'Adres/KodKraju', 'code'],
  ['email', 'DaneKontaktowe/Email'],
  ['telephone', 'DaneKontaktowe/Telefon'],
];

const identificationFields: FieldSpec[] = [
  ['taxPrefix', 'PrefiksPodatnika', 'code'],
  ['eori', 'NrEORI'],
  ['nip', 'DaneIdentyfikacyjne/NIP'],
  ['vatId', 'DaneIdentyfikacyjne/NrVatUE'],
  ['euCountry', 'DaneIdentyfikacyjne/KodUE', 'code'],
  ['foreignId', 'DaneIdentyfikacyjne/NrID'],
  ['idCountry', 'DaneIdentyfikacyjne/KodKraju', 'code'],
  ['noId', 'DaneIdentyfikacyjne/BrakID', 'code'],
  ['internalId', 'IDWew'],
  ['name', 'DaneIdentyfikacyjne/Nazwa'],
];

export function partySection(key: string, element: XmlElement, subtitle?: string): LayoutSection {
  return section(key, {
    subtitle,
    fields: [
      ...codedFieldsAt(element, identificationFields),
      ...addressLines(element, 'address', 'Adres'),
      ...addressLines(element, 'correspondenceAddress', 'AdresKoresp'),
      ...codedFieldsAt(element, [
      ...contactFields,
      ['customerNumber', 'NrKlienta'],
      ['buyerId', 'IDNabywcy'],
      ['taxpayerStatus', 'StatusInfoPodatnika', 'code'],
      ['share', 'Udzial'],
      ['jst', 'JST', 'code'],
      ['gv', 'GV', 'code'],
      ]),
    ],
  });
}

/** P_13_x (net) and P_14_x (VAT) pairs of the schema, by rate group. */
const VAT_GROUPS: Array<[string, string, string | undefined]> = [
  ['rate23', 'P_13_1', 'P_14_1'],
  ['rate8', 'P_13_2', 'P_14_2'],
  ['rate5', 'P_13_3', 'P_14_3'],
  ['rateTaxi', 'P_13_4', 'P_14_4'],
  ['rateOss', 'P_13_5', 'P_14_5'],
  ['rate0Domestic', 'P_13_6_1', undefined],
  ['rate0Wdt', 'P_13_6_2', undefined],
  ['rate0Export', 'P_13_6_3', undefined],
  ['exempt', 'P_13_7', undefined],
  ['outsideCountry', 'P_13_8', undefined],
  ['art100', 'P_13_9', undefined],
  ['reverseCharge', 'P_13_10', undefined],
  ['margin', 'P_13_11', undefined],
];

function vatSummary(fa: XmlElement | undefined): LayoutSection {
  const rows = VAT_GROUPS.flatMap(([group, netPath, vatPath]) => {
    const net = textAt(fa, netPath);
    const vat = vatPath ? textAt(fa, vatPath) : undefined;
    return net === undefined && vat === undefined ? [] : [[group, net ?? '', vat ?? '']];
  });
  return section('vatSummary', {
    tables: rows.length > 0 ? [{ key: 'vatSummary', columns: [{ key: 'vatGroup' }, { key: 'taxableAmount', numeric: true }, { key: 'taxAmount', numeric: true }], rows }] : [],
  });
}

function amountFields(element: XmlElement | undefined, specs: FieldSpec[], currency: string): LayoutField[] {
  return codedFieldsAt(element, specs, currency);
}

/** The form (its system code and variant) and, when known, the KSeF number. */
export function headerSection(root: XmlElement, destinationId?: string): LayoutSection {
  const header = findElement(root, 'Naglowek');
  return (
    section('ksefHeader', {
      fields: [
        ...(destinationId ? [{ key: 'ksefNumber', value: destinationId, kind: 'code' as const }] : []),
        ...(header?.children.find((child) => child.name === 'KodFormularza')?.attributes.kodSystemowy
          ? [{ key: 'formCode', value: findElement(header, 'KodFormularza')?.attributes.kodSystemowy as string, kind: 'code' as const }]
          : []),
        ...codedFieldsAt(header, [
          ['formVariant', 'WariantFormularza'],
          ['createdAt', 'DataWytworzeniaFa', 'date'],
          ['systemInfo', 'SystemInfo'],
        ]),
      ],
    })
  );
}

export function ksefLayout(root: XmlElement, destinationId?: string): SchemaLayout {
  const fa = findElement(root, 'Fa');
  const currency = textAt(fa, 'KodWaluty') ?? 'PLN';
  const sections: LayoutSection[] = [headerSection(root, destinationId)];
  const seller = findElement(root, 'Podmiot1');
  if (seller) sections.push(partySection('seller', seller));
  const buyer = findElement(root, 'Podmiot2');
  if (buyer) sections.push(partySection('buyer', buyer));
  for (const third of findElements(root, 'Podmiot3')) {
    sections.push(partySection('thirdParty', third, textAt(third, 'Rola') ? `${textAt(third, 'Rola')}` : textAt(third, 'OpisRoli')));
  }
  const authorised = findElement(root, 'PodmiotUpowazniony');
  if (authorised) sections.push(partySection('authorisedParty', authorised, textAt(authorised, 'RolaPU')));

  sections.push(
    section('ksefInvoice', {
      fields: [
        ...codedFieldsAt(fa, [
          ['invoiceKind', 'RodzajFaktury', 'code'],
          ['number', 'P_2'],
          ['issueDate', 'P_1', 'date'],
          ['issuePlace', 'P_1M'],
          ['supplyDate', 'P_6', 'date'],
          ['periodFrom', 'OkresFa/P_6_Od', 'date'],
          ['periodTo', 'OkresFa/P_6_Do', 'date'],
          ['currency', 'KodWaluty', 'code'],
          ['deliveryNote', 'WZ'],
          ['correctionReason', 'PrzyczynaKorekty'],
          ['correctionType', 'TypKorekty', 'code'],
          ['correctedNumber', 'DaneFaKorygowanej/NrFaKorygowanej'],
          ['correctedDate', 'DaneFaKorygowanej/DataWystFaKorygowanej', 'date'],
          ['correctedKsefNumber', 'DaneFaKorygowanej/NrKSeFFaKorygowanej', 'code'],
        ]),
        ...amountFields(fa, [['total', 'P_15', 'amount']], currency),
      ],
    }),
    section('lines', {
      tables: [
        tableAt('lines', fa, 'FaWiersz', [
          { key: 'lineNumber', path: 'NrWierszaFa' },
          { key: 'description', path: 'P_7' },
          { key: 'itemIndex', path: 'Indeks' },
          { key: 'quantity', path: 'P_8B', numeric: true },
          { key: 'unit', path: 'P_8A' },
          { key: 'unitPrice', path: 'P_9A', numeric: true },
          { key: 'unitPriceGross', path: 'P_9B', numeric: true },
          { key: 'discount', path: 'P_10', numeric: true },
          { key: 'vatRate', path: 'P_12', numeric: true },
          { key: 'lineTotal', path: 'P_11', numeric: true },
          { key: 'lineTotalGross', path: 'P_11A', numeric: true },
        ]),
      ],
    }),
    vatSummary(fa),
    section('annotations', {
      fields: codedFieldsAt(findElement(fa, 'Adnotacje'), [
        ['cashMethod', 'P_16', 'code'],
        ['selfBilling', 'P_17', 'code'],
        ['reverseChargeNote', 'P_18', 'code'],
        ['splitPayment', 'P_18A', 'code'],
        ['exemption', 'Zwolnienie/P_19A'],
        ['exemption', 'Zwolnienie/P_19B'],
        ['exemption', 'Zwolnienie/P_19C'],
        ['newVehicles', 'NoweSrodkiTransportu/P_22N', 'code'],
        ['simplifiedTriangular', 'P_23', 'code'],
        ['marginScheme', 'PMarzy/P_PMarzyN', 'code'],
      ]),
    }),
    section('additionalInfo', {
      tables: [tableAt('additionalInfo', fa, 'DodatkowyOpis', [{ key: 'key', path: 'Klucz' }, { key: 'value', path: 'Wartosc' }])],
    }),
    section('settlement', {
      fields: amountFields(findElement(fa, 'Rozliczenie'), [
        ['chargesTotal', 'SumaObciazen', 'amount'],
        ['deductionsTotal', 'SumaOdliczen', 'amount'],
        ['amountDue', 'DoZaplaty', 'amount'],
        ['amountToSettle', 'DoRozliczenia', 'amount'],
      ], currency),
      tables: [
        tableAt('charges', fa, 'Rozliczenie/Obciazenia', [{ key: 'reason', path: 'Powod' }, { key: 'amount', path: 'Kwota', numeric: true }]),
        tableAt('deductions', fa, 'Rozliczenie/Odliczenia', [{ key: 'reason', path: 'Powod' }, { key: 'amount', path: 'Kwota', numeric: true }]),
      ],
    }),
    section('payment', {
      fields: codedFieldsAt(findElement(fa, 'Platnosc'), [
        ['paid', 'Zaplacono', 'code'],
        ['paymentDate', 'DataZaplaty', 'date'],
        ['dueDate', 'TerminPlatnosci/Termin', 'date'],
        ['paymentMeans', 'FormaPlatnosci', 'code'],
        ['iban', 'RachunekBankowy/NrRB'],
        ['bic', 'RachunekBankowy/SWIFT'],
        ['bank', 'RachunekBankowy/NazwaBanku'],
      ]),
    }),
    section('transactionTerms', {
      fields: codedFieldsAt(findElement(fa, 'WarunkiTransakcji'), [
        ['contractReference', 'Umowy/NrUmowy'],
        ['contractDate', 'Umowy/DataUmowy', 'date'],
        ['orderReference', 'Zamowienia/NrZamowienia'],
        ['orderDate', 'Zamowienia/DataZamowienia', 'date'],
        ['deliveryTerms', 'WarunkiDostawy'],
        ['batch', 'NrPartiiTowaru'],
      ]),
    }),
    section('footer', {
      fields: codedFieldsAt(findElement(root, 'Stopka'), [
        ['legalName', 'Rejestry/PelnaNazwa'],
        ['krs', 'Rejestry/KRS'],
        ['regon', 'Rejestry/REGON'],
        ['bdo', 'Rejestry/BDO'],
      ]),
      texts: findElements(root, 'Stopka/Informacje/StopkaFaktury').map((text) => textAt(text)),
    }),
  );
  for (const block of findElements(root, 'Zalacznik/BlokDanych')) sections.push(attachmentBlock(block));
  return { sections: sections.filter((candidate) => !isEmpty(candidate)) };
}

/** One data block of the FA(3) attachment (Zalacznik): a heading, key/value metadata, text and tables. */
function attachmentBlock(block: XmlElement): LayoutSection {
  const tables = findElements(block, 'Tabela').map((table, index) => {
    const columns = findElements(table, 'TNaglowek/Kol').map((column, columnIndex) => ({
      key: `column${columnIndex}`,
      label: textAt(column, 'NKom') ?? '',
      ...(column.attributes.Typ && /dec|int/i.test(column.attributes.Typ) ? { numeric: true } : {}),
    }));
    const rows = [...findElements(table, 'Wiersz').map((row) => findElements(row, 'WKom').map((cell) => textAt(cell) ?? '')), ...findElements(table, 'Suma').map((row) => findElements(row, 'SKom').map((cell) => textAt(cell) ?? ''))];
    return { key: `attachmentTable${index}`, columns, rows };
  });
  return section('attachmentBlock', {
    subtitle: textAt(block, 'ZNaglowek'),
    fields: findElements(block, 'MetaDane').flatMap((meta) => {
      const label = textAt(meta, 'ZKlucz');
      const value = textAt(meta, 'ZWartosc');
      return label && value ? [{ key: 'custom', label, value }] : [];
    }),
    tables,
    texts: findElements(block, 'Tekst/Akapit').map((text) => textAt(text)),
  });
}

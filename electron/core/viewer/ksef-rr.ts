/**
 * KSeF FA_RR (1), the VAT RR invoice a buyer issues for agricultural products bought from a flat-rate
 * farmer: a labelled layout of our own that follows schemat_FA_RR(1)_v1-1E.xsd (Naglowek, Podmiot1 the
 * farmer, Podmiot2 the buyer, Podmiot3, FakturaRR with its lines, settlement, payment, Stopka).
 * No official stylesheet exists for it.
 */
import type { LayoutSection, SchemaLayout, ViewerSummary } from '../../../shared/contract';
import type { XmlElement } from '../../../shared/ubl';
import { headerSection, partySection, partySummary } from './ksef';
import { codeMeanings, describeBy, FA_RR_SCHEMA } from './ksef-codes';
import { fieldsAt, findElement, findElements, isEmpty, section, tableAt, textAt, type FieldSpec } from './layout-builder';

const rrFieldsAt = (element: XmlElement | undefined, specs: FieldSpec[], currency?: string) => fieldsAt(element, specs, currency, describeBy(codeMeanings(FA_RR_SCHEMA)));

export const FA_RR_NAMESPACE = 'http://crd.gov.pl/wzor/2026/03/06/14189/';

export function ksefRrSummary(root: XmlElement): ViewerSummary {
  const rr = findElement(root, 'FakturaRR');
  const summary: ViewerSummary = {};
  const number = textAt(rr, 'P_4C');
  if (number) summary.number = number;
  const date = textAt(rr, 'P_4B');
  if (date) summary.date = date;
  const kind = textAt(rr, 'RodzajFaktury');
  if (kind) summary.kindCode = kind;
  const seller = partySummary(findElement(root, 'Podmiot1'));
  if (seller) summary.seller = seller;
  const buyer = partySummary(findElement(root, 'Podmiot2'));
  if (buyer) summary.buyer = buyer;
  const total = textAt(rr, 'P_12_1');
  if (total) summary.total = { text: total, currency: textAt(rr, 'KodWaluty') ?? 'PLN' };
  return summary;
}

export function ksefRrLayout(root: XmlElement, destinationId?: string): SchemaLayout {
  const rr = findElement(root, 'FakturaRR');
  const currency = textAt(rr, 'KodWaluty') ?? 'PLN';
  const sections: LayoutSection[] = [headerSection(root, destinationId)];
  const farmer = findElement(root, 'Podmiot1');
  if (farmer) sections.push(partySection('farmer', farmer));
  const buyer = findElement(root, 'Podmiot2');
  if (buyer) sections.push(partySection('buyer', buyer));
  for (const third of findElements(root, 'Podmiot3')) sections.push(partySection('thirdParty', third, textAt(third, 'Rola') ?? textAt(third, 'OpisRoli')));
  sections.push(
    section('ksefInvoice', {
      fields: [
        ...rrFieldsAt(rr, [
          ['invoiceKind', 'RodzajFaktury', 'code'],
          ['number', 'P_4C'],
          ['issueDate', 'P_4B', 'date'],
          ['issuePlace', 'P_1M'],
          ['purchaseDate', 'P_4A', 'date'],
          ['currency', 'KodWaluty', 'code'],
          ['correctionReason', 'PrzyczynaKorekty'],
          ['correctionType', 'TypKorekty', 'code'],
          ['correctedNumber', 'DaneFaKorygowanej/NrFaKorygowanej'],
          ['correctedDate', 'DaneFaKorygowanej/DataWystFaKorygowanej', 'date'],
          ['correctedKsefNumber', 'DaneFaKorygowanej/NrKSeFFaKorygowanej', 'code'],
        ]),
        ...rrFieldsAt(rr, [
          ['purchaseValue', 'P_11_1', 'amount'],
          ['flatRateRefund', 'P_11_2', 'amount'],
          ['total', 'P_12_1', 'amount'],
        ], currency),
        ...rrFieldsAt(rr, [['amountInWords', 'P_12_2']]),
      ],
    }),
    section('lines', {
      tables: [
        tableAt('lines', rr, 'FakturaRRWiersz', [
          { key: 'lineNumber', path: 'NrWierszaFa' },
          { key: 'description', path: 'P_5' },
          { key: 'productClass', path: 'P_6C' },
          { key: 'quantity', path: 'P_6B', numeric: true },
          { key: 'unit', path: 'P_6A' },
          { key: 'unitPrice', path: 'P_7', numeric: true },
          { key: 'lineTotal', path: 'P_8', numeric: true },
          { key: 'vatRate', path: 'P_9', numeric: true },
          { key: 'flatRateRefund', path: 'P_10', numeric: true },
          { key: 'lineTotalGross', path: 'P_11', numeric: true },
        ]),
      ],
    }),
    section('additionalInfo', {
      tables: [tableAt('additionalInfo', rr, 'DodatkowyOpis', [{ key: 'key', path: 'Klucz' }, { key: 'value', path: 'Wartosc' }])],
    }),
    section('settlement', {
      fields: rrFieldsAt(findElement(rr, 'Rozliczenie'), [
        ['chargesTotal', 'SumaObciazen', 'amount'],
        ['deductionsTotal', 'SumaOdliczen', 'amount'],
        ['amountDue', 'DoZaplaty', 'amount'],
        ['amountToSettle', 'DoRozliczenia', 'amount'],
      ], currency),
    }),
    section('payment', {
      fields: rrFieldsAt(findElement(rr, 'Platnosc'), [
        ['paymentMeans', 'FormaPlatnosci', 'code'],
        ['farmerAccount', 'RachunekBankowy1/NrRB'],
        ['buyerAccount', 'RachunekBankowy2/NrRB'],
      ]),
    }),
    section('footer', {
      fields: rrFieldsAt(findElement(root, 'Stopka'), [
        ['legalName', 'Rejestry/PelnaNazwa'],
        ['krs', 'Rejestry/KRS'],
        ['regon', 'Rejestry/REGON'],
        ['bdo', 'Rejestry/BDO'],
      ]),
      texts: findElements(root, 'Stopka/Informacje/StopkaFaktury').map((text) => textAt(text)),
    }),
  );
  return { sections: sections.filter((candidate) => !isEmpty(candidate)) };
}

/**
 * The FatturaPA semplificata (simplified invoice, TD07–TD09; root `FatturaElettronicaSemplificata`,
 * namespace …/fatture/v1.0, format FSM10): the summary and a labelled layout that follows the schema
 * (Schema_VFSM10.xsd). No verified copy of its official stylesheet exists, so this layout is how it is
 * shown. A file may hold several bodies; each line's Importo already includes VAT.
 */
import type { LayoutField, SchemaLayout, ViewerParty, ViewerSummary } from '../../../shared/contract';
import type { XmlElement } from '../../../shared/ubl';
import { fatturaSummaryWith } from './fatturapa';
import { fieldsAt, findElement, findElements, isEmpty, joinText, section, tableAt, textAt } from './layout-builder';

export const SEMPLIFICATA_NAMESPACE = 'http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.0';
const ADDRESS = ['Indirizzo', 'NumeroCivico', 'CAP', 'Comune', 'Provincia', 'Nazione'];

export function isSemplificata(root: XmlElement): boolean {
  return root.name === 'FatturaElettronicaSemplificata' && root.namespace === SEMPLIFICATA_NAMESPACE;
}

/** `FSM10`, or an error message when the version is not the one the viewer knows. */
export function semplificataVersion(root: XmlElement): { version: string } | { problem: string } {
  const version = root.attributes.versione?.trim() ?? '';
  if (version !== 'FSM10') {
    return { problem: `This simplified FatturaPA declares the version "${version || '(none)'}"; the viewer knows FSM10 (semplificata 1.0).` };
  }
  return { version };
}

/** Name, tax id and address of the seller (the elements sit directly under it) or the buyer (under two groups). */
function partsOf(element: XmlElement | undefined, role: 'seller' | 'buyer') {
  const ids = role === 'seller' ? element : findElement(element, 'IdentificativiFiscali');
  const details = role === 'seller' ? element : findElement(element, 'AltriDatiIdentificativi');
  return {
    name: textAt(details, 'Denominazione') ?? joinText(details, ['Nome', 'Cognome'], ' '),
    vatId: joinText(ids, ['IdFiscaleIVA/IdPaese', 'IdFiscaleIVA/IdCodice'], ''),
    fiscalCode: textAt(ids, 'CodiceFiscale'),
    address: joinText(findElement(details, 'Sede'), ADDRESS, ' '),
    details,
    ids,
  };
}

function party(element: XmlElement | undefined, role: 'seller' | 'buyer'): ViewerParty | undefined {
  if (!element) return undefined;
  const parts = partsOf(element, role);
  const result: ViewerParty = {};
  if (parts.name) result.name = parts.name;
  const taxId = parts.vatId ?? parts.fiscalCode;
  if (taxId) result.taxId = taxId;
  if (parts.address) result.address = parts.address;
  return result;
}

/** The body's total: the sum of its lines' amounts (VAT included), in cents to stay exact. */
function bodyTotal(body: XmlElement): string | undefined {
  const amounts = findElements(body, 'DatiBeniServizi').map((line) => textAt(line, 'Importo'));
  if (amounts.length === 0 || amounts.some((amount) => amount === undefined)) return undefined;
  const cents = amounts.reduce((sum, amount) => sum + Math.round(Number(amount) * 100), 0);
  return Number.isFinite(cents) ? (cents / 100).toFixed(2) : undefined;
}

export const semplificataSummary = (root: XmlElement): ViewerSummary => fatturaSummaryWith(root, party, bodyTotal);

function partySection(key: 'seller' | 'buyer', element: XmlElement | undefined) {
  const parts = partsOf(element, key);
  const fields: LayoutField[] = [
    ...fieldsAt(parts.details, [
      ['name', 'Denominazione'],
      ['name', 'Nome'],
      ['surname', 'Cognome'],
    ]),
    ...(parts.vatId ? [{ key: 'vatId', value: parts.vatId }] : []),
    ...fieldsAt(parts.ids, [['fiscalCode', 'CodiceFiscale']]),
    ...(key === 'seller' ? fieldsAt(element, [['taxRegime', 'RegimeFiscale', 'code']]) : []),
    ...(parts.address ? [{ key: 'address', value: parts.address }] : []),
  ];
  return section(key, { fields });
}

export function semplificataLayout(root: XmlElement): SchemaLayout {
  const header = findElement(root, 'FatturaElettronicaHeader');
  const sections = [
    section('fpaTransmission', {
      fields: fieldsAt(findElement(header, 'DatiTrasmissione'), [
        ['fpaFormat', 'FormatoTrasmissione', 'code'],
        ['fpaProgressive', 'ProgressivoInvio'],
        ['fpaRecipientCode', 'CodiceDestinatario', 'code'],
        ['fpaPec', 'PECDestinatario'],
      ]),
    }),
    partySection('seller', findElement(header, 'CedentePrestatore')),
    partySection('buyer', findElement(header, 'CessionarioCommittente')),
  ];
  const bodies = findElements(root, 'FatturaElettronicaBody');
  bodies.forEach((body, index) => {
    const general = findElement(body, 'DatiGenerali/DatiGeneraliDocumento');
    const corrected = findElement(body, 'DatiGenerali/DatiFatturaRettificata');
    const currency = textAt(general, 'Divisa') ?? 'EUR';
    const subtitle = bodies.length > 1 ? `${index + 1} / ${bodies.length}` : undefined;
    const total = bodyTotal(body);
    sections.push(
      section('fpaDocument', {
        subtitle,
        fields: [
          ...fieldsAt(general, [
            ['documentKind', 'TipoDocumento', 'code'],
            ['number', 'Numero'],
            ['issueDate', 'Data', 'date'],
            ['currency', 'Divisa', 'code'],
          ]),
          ...(total ? [{ key: 'total', value: total, kind: 'amount' as const, currency }] : []),
          ...fieldsAt(corrected, [
            ['correctedNumber', 'NumeroFR'],
            ['correctedDate', 'DataFR', 'date'],
            ['correctionReason', 'ElementiRettificati'],
          ]),
        ],
      }),
      section('lines', {
        subtitle,
        tables: [
          tableAt('lines', body, 'DatiBeniServizi', [
            { key: 'description', path: 'Descrizione' },
            { key: 'amount', path: 'Importo', numeric: true },
            { key: 'taxAmount', path: 'DatiIVA/Imposta', numeric: true },
            { key: 'vatRate', path: 'DatiIVA/Aliquota', numeric: true },
            { key: 'vatNature', path: 'Natura' },
            { key: 'legalReference', path: 'RiferimentoNormativo' },
          ]),
        ],
      }),
    );
  });
  return { sections: sections.filter((candidate) => !isEmpty(candidate)) };
}

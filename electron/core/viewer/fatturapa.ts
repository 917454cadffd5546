/**
 * FatturaPA (Italy, 1.2.x, ordinary FPR12 and public-administration FPA12): the summary, the
 * embedded attachments (`Allegati`) and a labelled layout that follows the schema, used when the
 * official stylesheets cannot run. A file may hold several bodies (one invoice each).
 */
import type { SchemaLayout, ViewerAttachment, ViewerParty, ViewerSummary } from '../../../shared/contract';
import { base64DecodedSize, type XmlElement } from '../../../shared/ubl';
import { fieldsAt, findElement, findElements, isEmpty, joinText, section, tableAt, textAt } from './layout-builder';

export const FATTURAPA_NAMESPACE_PREFIX = 'http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/';
/** The versions the vendored stylesheets and this layout know. */
const KNOWN_VERSIONS = new Set(['FPA12', 'FPR12']);

export function isFatturaPa(root: XmlElement): boolean {
  return root.name === 'FatturaElettronica' && root.namespace.startsWith(FATTURAPA_NAMESPACE_PREFIX);
}

/** `FPA12`/`FPR12`, or an error message when the version is not one the viewer knows. */
export function fatturaPaVersion(root: XmlElement): { version: string } | { problem: string } {
  const version = root.attributes.versione?.trim() ?? '';
  if (!root.namespace.endsWith('/v1.2')) {
    return { problem: `This FatturaPA uses the namespace ${root.namespace}, not the 1.2 one (…/fatture/v1.2) that the viewer knows.` };
  }
  if (!KNOWN_VERSIONS.has(version)) {
    return { problem: `This FatturaPA declares the version "${version || '(none)'}"; the viewer knows FPA12 and FPR12 (FatturaPA 1.2.x).` };
  }
  return { version };
}

function party(element: XmlElement | undefined): ViewerParty | undefined {
  if (!element) return undefined;
  const registry = findElement(element, 'DatiAnagrafici');
  const name = textAt(registry, 'Anagrafica/Denominazione') ?? joinText(registry, ['Anagrafica/Nome', 'Anagrafica/Cognome'], ' ');
  const vat = joinText(registry, ['IdFiscaleIVA/IdPaese', 'IdFiscaleIVA/IdCodice'], '');
  const result: ViewerParty = {};
  if (name) result.name = name;
  const taxId = vat ?? textAt(registry, 'CodiceFiscale');
  if (taxId) result.taxId = taxId;
  const address = joinText(findElement(element, 'Sede'), ['Indirizzo', 'NumeroCivico', 'CAP', 'Comune', 'Provincia', 'Nazione'], ' ');
  if (address) result.address = address;
  return result;
}

function bodyTotal(body: XmlElement): string | undefined {
  const declared = textAt(body, 'DatiGenerali/DatiGeneraliDocumento/ImportoTotaleDocumento');
  if (declared) return declared;
  // Not mandatory: the sum of the VAT summary (taxable + tax), as the stylesheets leave it blank.
  const summaries = findElements(body, 'DatiBeniServizi/DatiRiepilogo');
  if (summaries.length === 0) return undefined;
  const cents = summaries.reduce((sum, row) => sum + Math.round(Number(textAt(row, 'ImponibileImporto') ?? 0) * 100) + Math.round(Number(textAt(row, 'Imposta') ?? 0) * 100), 0);
  return Number.isFinite(cents) ? (cents / 100).toFixed(2) : undefined;
}

/**
 * The summary of a FatturaPA, ordinary or semplificata: both have the same header and general data;
 * each form reads its parties and its total in its own way.
 */
export function fatturaSummaryWith(
  root: XmlElement,
  readParty: (element: XmlElement | undefined, role: 'seller' | 'buyer') => ViewerParty | undefined,
  readTotal: (body: XmlElement) => string | undefined,
): ViewerSummary {
  const header = findElement(root, 'FatturaElettronicaHeader');
  const body = findElement(root, 'FatturaElettronicaBody');
  const general = findElement(body, 'DatiGenerali/DatiGeneraliDocumento');
  const summary: ViewerSummary = {};
  const number = textAt(general, 'Numero');
  if (number) summary.number = number;
  const date = textAt(general, 'Data');
  if (date) summary.date = date;
  const kind = textAt(general, 'TipoDocumento');
  if (kind) summary.kindCode = kind;
  const seller = readParty(findElement(header, 'CedentePrestatore'), 'seller');
  if (seller) summary.seller = seller;
  const buyer = readParty(findElement(header, 'CessionarioCommittente'), 'buyer');
  if (buyer) summary.buyer = buyer;
  const total = body ? readTotal(body) : undefined;
  if (total) summary.total = { text: total, currency: textAt(general, 'Divisa') ?? 'EUR' };
  return summary;
}

export const fatturaPaSummary = (root: XmlElement): ViewerSummary => fatturaSummaryWith(root, (element) => party(element), bodyTotal);

export function fatturaPaAttachments(root: XmlElement): ViewerAttachment[] {
  return findElements(root, 'FatturaElettronicaBody/Allegati').map((allegato, index) => {
    const base64 = (findElement(allegato, 'Attachment')?.text ?? '').replace(/\s+/g, '');
    const format = textAt(allegato, 'FormatoAttachment');
    const attachment: ViewerAttachment = {
      name: textAt(allegato, 'NomeAttachment') ?? `allegato-${index + 1}${format ? `.${format.toLowerCase()}` : ''}`,
      base64,
      size: base64DecodedSize(base64),
    };
    const description = textAt(allegato, 'DescrizioneAttachment');
    if (description) attachment.description = description;
    if (format) attachment.mimeType = mimeOfFormat(format);
    return attachment;
  });
}

function mimeOfFormat(format: string): string {
  const known: Record<string, string> = { PDF: 'application/pdf', ZIP: 'application/zip', TXT: 'text/plain', XML: 'application/xml', CSV: 'text/csv', JPG: 'image/jpeg', JPEG: 'image/jpeg', PNG: 'image/png' };
  return known[format.toUpperCase()] ?? 'application/octet-stream';
}

export function fatturaPaLayout(root: XmlElement): SchemaLayout {
  const header = findElement(root, 'FatturaElettronicaHeader');
  const transmission = findElement(header, 'DatiTrasmissione');
  const sections = [
    section('fpaTransmission', {
      fields: fieldsAt(transmission, [
        ['fpaFormat', 'FormatoTrasmissione', 'code'],
        ['fpaProgressive', 'ProgressivoInvio'],
        ['fpaRecipientCode', 'CodiceDestinatario', 'code'],
        ['fpaPec', 'PECDestinatario'],
      ]),
    }),
    partySection('seller', findElement(header, 'CedentePrestatore')),
    partySection('buyer', findElement(header, 'CessionarioCommittente')),
    partySection('taxRepresentative', findElement(header, 'RappresentanteFiscale')),
  ];
  const bodies = findElements(root, 'FatturaElettronicaBody');
  bodies.forEach((body, index) => {
    const general = findElement(body, 'DatiGenerali/DatiGeneraliDocumento');
    const currency = textAt(general, 'Divisa') ?? 'EUR';
    const subtitle = bodies.length > 1 ? `${index + 1} / ${bodies.length}` : undefined;
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
          ...(bodyTotal(body) ? [{ key: 'total', value: bodyTotal(body) as string, kind: 'amount' as const, currency }] : []),
          ...fieldsAt(findElement(body, 'DatiGenerali'), [
            ['orderReference', 'DatiOrdineAcquisto/IdDocumento'],
            ['contractReference', 'DatiContratto/IdDocumento'],
            ['invoiceReference', 'DatiFattureCollegate/IdDocumento'],
            ['cig', 'DatiOrdineAcquisto/CodiceCIG'],
            ['cup', 'DatiOrdineAcquisto/CodiceCUP'],
          ]),
        ],
        texts: findElements(general, 'Causale').map((causale) => textAt(causale)),
      }),
      section('lines', {
        subtitle,
        tables: [
          tableAt('lines', body, 'DatiBeniServizi/DettaglioLinee', [
            { key: 'lineNumber', path: 'NumeroLinea' },
            { key: 'description', path: 'Descrizione' },
            { key: 'quantity', path: 'Quantita', numeric: true },
            { key: 'unit', path: 'UnitaMisura' },
            { key: 'unitPrice', path: 'PrezzoUnitario', numeric: true },
            { key: 'vatRate', path: 'AliquotaIVA', numeric: true },
            { key: 'vatNature', path: 'Natura' },
            { key: 'lineTotal', path: 'PrezzoTotale', numeric: true },
          ]),
        ],
      }),
      section('vatSummary', {
        subtitle,
        tables: [
          tableAt('vatSummary', body, 'DatiBeniServizi/DatiRiepilogo', [
            { key: 'vatRate', path: 'AliquotaIVA', numeric: true },
            { key: 'vatNature', path: 'Natura' },
            { key: 'taxableAmount', path: 'ImponibileImporto', numeric: true },
            { key: 'taxAmount', path: 'Imposta', numeric: true },
            { key: 'vatChargeability', path: 'EsigibilitaIVA' },
            { key: 'legalReference', path: 'RiferimentoNormativo' },
          ]),
        ],
      }),
      section('payment', {
        subtitle,
        fields: fieldsAt(body, [['paymentTerms', 'DatiPagamento/CondizioniPagamento', 'code']]),
        tables: [
          tableAt('payment', body, 'DatiPagamento/DettaglioPagamento', [
            { key: 'paymentMeans', path: 'ModalitaPagamento' },
            { key: 'dueDate', path: 'DataScadenzaPagamento' },
            { key: 'amount', path: 'ImportoPagamento', numeric: true },
            { key: 'iban', path: 'IBAN' },
            { key: 'bank', path: 'IstitutoFinanziario' },
          ]),
        ],
      }),
    );
  });
  return { sections: sections.filter((candidate) => !isEmpty(candidate)) };
}

function partySection(key: string, element: XmlElement | undefined) {
  const registry = findElement(element, 'DatiAnagrafici');
  return section(key, {
    fields: [
      ...fieldsAt(registry, [
        ['name', 'Anagrafica/Denominazione'],
        ['name', 'Anagrafica/Nome'],
        ['surname', 'Anagrafica/Cognome'],
      ]),
      ...(joinText(registry, ['IdFiscaleIVA/IdPaese', 'IdFiscaleIVA/IdCodice'], '') ? [{ key: 'vatId', value: joinText(registry, ['IdFiscaleIVA/IdPaese', 'IdFiscaleIVA/IdCodice'], '') as string }] : []),
      ...fieldsAt(registry, [
        ['fiscalCode', 'CodiceFiscale'],
        ['taxRegime', 'RegimeFiscale', 'code'],
      ]),
      ...(joinText(findElement(element, 'Sede'), ['Indirizzo', 'NumeroCivico', 'CAP', 'Comune', 'Provincia', 'Nazione'], ' ')
        ? [{ key: 'address', value: joinText(findElement(element, 'Sede'), ['Indirizzo', 'NumeroCivico', 'CAP', 'Comune', 'Provincia', 'Nazione'], ' ') as string }]
        : []),
      ...fieldsAt(element, [
        ['email', 'Contatti/Email'],
        ['telephone', 'Contatti/Telefono'],
      ]),
    ],
  });
}

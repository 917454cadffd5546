/** A subset of the Peppol BIS Billing 3 rules (PEPPOL-EN16931-UBL Schematron) and the Norwegian ones. */
import { peppolCreditNoteTypeCodes, peppolEasCodes, peppolInvoiceTypeCodes } from './code-lists';
import { isValidGln, isValidNorwegianOrgNumber, isValidSwedishOrgNumber } from './identifiers';
import type { Located } from './located';
import type { Check, RuleContext } from './types';

export const PEPPOL_BILLING_CUSTOMIZATION = 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0';
const PEPPOL_PROFILE = /^urn:fdc:peppol\.eu:2017:poacc:billing:\d{2}:1\.0$/;

/** EHF Forward Billing extends the Peppol identifier (`…billing:3.0#conformant#urn:fdc:anskaffelser.no:…`). */
export const EHF_FORWARD_BILLING_MARKER = 'urn:fdc:anskaffelser.no:2019:ehf:forward-billing:3.0';
const EHF_PROFILE = /^urn:fdc:anskaffelser\.no:2019:ehf:postaward:g3:\d{2}:1\.0$/;

/** Which business process identifiers the Peppol layer accepts (EHF also accepts its own). */
export interface PeppolProfile {
  profilePatterns: readonly RegExp[];
}

export const peppolProfile: PeppolProfile = { profilePatterns: [PEPPOL_PROFILE] };
export const ehfProfile: PeppolProfile = { profilePatterns: [PEPPOL_PROFILE, EHF_PROFILE] };

/** R001, R004, R007: the Peppol specification and process identifiers. */
export function checkPeppolIdentifiers(profile: PeppolProfile): Check {
  return (context) => {
    const customization = context.root.one('CustomizationID');
    // The Schematron checks starts-with, so extensions of the Peppol identifier (EHF, …) pass.
    if (customization.text && !customization.text.startsWith(PEPPOL_BILLING_CUSTOMIZATION)) {
      context.report(
        'PEPPOL-EN16931-R004',
        customization,
        `The specification identifier must start with "${PEPPOL_BILLING_CUSTOMIZATION}"; it is "${customization.text}".`,
      );
    }
    const process = context.root.one('ProfileID');
    if (!process.text) {
      context.report('PEPPOL-EN16931-R001', process, 'The business process (cbc:ProfileID) must be provided.');
    } else if (!profile.profilePatterns.some((pattern) => pattern.test(process.text as string))) {
      context.report(
        'PEPPOL-EN16931-R007',
        process,
        `The business process must be in the form urn:fdc:peppol.eu:2017:poacc:billing:NN:1.0; it is "${process.text}".`,
      );
    }
  };
}

/** R008 (no empty elements), R010/R020 (electronic addresses), R051, R053, P0100/P0101, CL008. */
export const checkPeppolDocument: Check = (context) => {
  const { root } = context;
  for (const node of root.descendants()) {
    const element = node.element;
    if (element && element.children.length === 0 && element.text.trim() === '' && node !== root) {
      context.report('PEPPOL-EN16931-R008', node, `The document must not contain empty elements; ${element.name} is empty.`);
    }
  }
  const buyerEndpoint = root.one('AccountingCustomerParty/Party/EndpointID');
  if (!buyerEndpoint.text) context.report('PEPPOL-EN16931-R010', buyerEndpoint, "The buyer's electronic address (cbc:EndpointID) must be provided.");
  const sellerEndpoint = root.one('AccountingSupplierParty/Party/EndpointID');
  if (!sellerEndpoint.text) context.report('PEPPOL-EN16931-R020', sellerEndpoint, "The seller's electronic address (cbc:EndpointID) must be provided.");
  for (const endpoint of [sellerEndpoint, buyerEndpoint]) {
    const scheme = endpoint.attribute('schemeID');
    if (endpoint.text && scheme && !peppolEasCodes.has(scheme)) {
      context.report('PEPPOL-EN16931-CL008', endpoint, `Electronic address scheme "${scheme}" is not allowed in Peppol.`);
    }
  }
  checkCurrencies(context);
  const breakdowns = root.all('TaxTotal').filter((total) => total.all('TaxSubtotal').length > 0);
  if (breakdowns.length > 1) {
    context.report('PEPPOL-EN16931-R053', breakdowns[1] as Located, 'Only one tax total with a VAT breakdown may be provided.');
  }
  const typeCode = root.one(context.typeCodeName);
  if (typeCode.text) {
    const allowed = context.kind === 'invoice' ? peppolInvoiceTypeCodes : peppolCreditNoteTypeCodes;
    if (!allowed.has(typeCode.text)) {
      context.report(
        context.kind === 'invoice' ? 'PEPPOL-EN16931-P0100' : 'PEPPOL-EN16931-P0101',
        typeCode,
        `Type code "${typeCode.text}" is not allowed for a Peppol ${context.kind === 'invoice' ? 'invoice' : 'credit note'}; allowed: ${[...allowed].join(', ')}.`,
      );
    }
  }
  for (const line of root.all(context.lineName)) checkLineNetAmount(context, line);
};

/** R051: every amount in the document currency, except the VAT total in the tax currency. */
function checkCurrencies(context: RuleContext): void {
  const currency = context.currency;
  if (!currency) return;
  const taxCurrency = context.root.one('TaxCurrencyCode').text;
  for (const node of context.root.descendants()) {
    const currencyId = node.element?.attributes.currencyID;
    if (currencyId === undefined || currencyId === currency) continue;
    const isTaxTotalInTaxCurrency = taxCurrency !== undefined && currencyId === taxCurrency && /\/cac:TaxTotal(\[\d+\])?\/cbc:TaxAmount(\[\d+\])?$/.test(node.path);
    if (!isTaxTotalInTaxCurrency) {
      context.report('PEPPOL-EN16931-R051', node, `All amounts must be in the document currency ${currency}; this one is in ${currencyId}.`);
    }
  }
}

/** R120, R121: line net amount = quantity × (price ÷ base quantity) + line charges − line allowances. */
function checkLineNetAmount(context: RuleContext, line: Located): void {
  const quantity = line.one(context.quantityName).number;
  const price = line.one('Price/PriceAmount').number;
  const amount = line.one('LineExtensionAmount');
  const baseQuantityNode = line.one('Price/BaseQuantity');
  const baseQuantity = baseQuantityNode.number ?? 1;
  if (baseQuantityNode.exists && baseQuantity <= 0) {
    context.report('PEPPOL-EN16931-R121', baseQuantityNode, 'The base quantity must be a positive number above zero.');
    return;
  }
  if (quantity === undefined || price === undefined || amount.number === undefined) return;
  const charges = line
    .all('AllowanceCharge')
    .reduce((total, charge) => total + (charge.one('ChargeIndicator').text?.toLowerCase() === 'true' ? 1 : -1) * (charge.one('Amount').number ?? 0), 0);
  const expected = (quantity * price) / baseQuantity + charges;
  if (Math.abs(amount.number - expected) > 0.02 + 1e-9) {
    context.report(
      'PEPPOL-EN16931-R120',
      amount,
      `The line net amount is ${amount.text}, but quantity × price ÷ base quantity + charges − allowances is ${(Math.round(expected * 100) / 100).toFixed(2)}.`,
    );
  }
}

const identifierContexts = (context: RuleContext): Located[] =>
  [...context.root.descendants()].filter((node) => {
    const name = node.element?.name;
    if (name === 'EndpointID' || name === 'CompanyID') return true;
    return name === 'ID' && /\/cac:PartyIdentification(\[\d+\])?\/cbc:ID(\[\d+\])?$/.test(node.path);
  });

/**
 * PEPPOL-COMMON-R040 (GLN), R041 (Norwegian organisation number), R049 (Swedish organisation
 * number). The legacy EHF 2 scheme `NO:ORGNR` is checked as the organisation number it is.
 */
export const checkIdentifierSchemes: Check = (context) => {
  for (const node of identifierContexts(context)) {
    const scheme = node.attribute('schemeID');
    const value = node.text ?? '';
    if (scheme === '0088' && !isValidGln(value)) {
      context.report('PEPPOL-COMMON-R040', node, `GLN "${value}" is not valid: it must be 13 digits with a correct GS1 check digit.`);
    } else if ((scheme === '0192' || scheme === 'NO:ORGNR') && !isValidNorwegianOrgNumber(value)) {
      context.report('PEPPOL-COMMON-R041', node, `Norwegian organisation number "${value}" is not valid: it must be 9 digits with a correct modulus-11 check digit.`);
    } else if (scheme === '0007' && !isValidSwedishOrgNumber(value)) {
      context.report('PEPPOL-COMMON-R049', node, `Swedish organisation number "${value}" is not valid: it must be 10 digits with a correct check digit.`);
    }
  }
};

/** NO-R-001: a Norwegian seller's VAT number is NO + a valid organisation number + MVA. */
export const checkNorwegianSeller: Check = (context) => {
  const seller = context.root.one('AccountingSupplierParty/Party');
  if (seller.one('PostalAddress/Country/IdentificationCode').text !== 'NO') return;
  for (const scheme of seller.all('PartyTaxScheme')) {
    if (scheme.one('TaxScheme/ID').text !== 'VAT') continue;
    const vat = scheme.one('CompanyID');
    const match = /^NO(\d{9})MVA$/.exec(vat.text ?? '');
    if (!match || !isValidNorwegianOrgNumber(match[1] as string)) {
      context.report('NO-R-001', vat, `A Norwegian seller's VAT number must be NO, a valid organisation number and MVA (e.g. NO123456785MVA); it is "${vat.text ?? ''}".`);
    }
  }
};

/** The viewer's summary and attachment list of a parsed UBL document. */
import type { ViewerAttachment, ViewerParty, ViewerSummary } from '../../../shared/contract';
import type { Party, UblDocument } from '../../../shared/ubl';

function party(value: Party | undefined): ViewerParty | undefined {
  if (!value) return undefined;
  const result: ViewerParty = {};
  const name = value.name ?? value.registrationName;
  if (name) result.name = name;
  const taxId = value.vatId ?? value.legalId?.value ?? value.endpoint?.value;
  if (taxId) result.taxId = taxId;
  const address = value.address ? [...value.address.lines, value.address.streetName, value.address.postalZone, value.address.cityName, value.address.countryCode].filter(Boolean).join(', ') : '';
  if (address) result.address = address;
  return result;
}

export function ublSummary(document: UblDocument): ViewerSummary {
  const summary: ViewerSummary = {};
  if (document.id) summary.number = document.id;
  if (document.issueDate) summary.date = document.issueDate;
  if (document.typeCode) summary.kindCode = document.typeCode;
  const isTrade = document.documentType === 'invoice' || document.documentType === 'credit-note';
  const seller = party(isTrade ? document.parties.supplier : (document.parties.seller ?? document.parties.despatch));
  if (seller) summary.seller = seller;
  const buyer = party(isTrade ? document.parties.customer : (document.parties.buyer ?? document.parties.delivery));
  if (buyer) summary.buyer = buyer;
  const total = document.totals?.payableAmount ?? document.totals?.taxInclusiveAmount ?? document.totals?.lineExtensionAmount;
  if (total) summary.total = { text: total.text, ...(total.currency ?? document.currency ? { currency: total.currency ?? document.currency } : {}) };
  return summary;
}

export function ublAttachments(document: UblDocument): ViewerAttachment[] {
  return document.attachments.map((attachment, index) => {
    const result: ViewerAttachment = { name: attachment.filename ?? attachment.id ?? `attachment-${index + 1}` };
    if (attachment.description) result.description = attachment.description;
    if (attachment.mimeCode) result.mimeType = attachment.mimeCode;
    if (attachment.size !== undefined) result.size = attachment.size;
    if (attachment.base64 !== undefined) result.base64 = attachment.base64;
    if (attachment.uri) result.uri = attachment.uri;
    return result;
  });
}

/**
 * Where a rule points, in words a user knows: the seller, the buyer, line 3, the totals… derived from
 * the rule's XPath (`/Invoice/cac:InvoiceLine[3]/cbc:InvoicedQuantity`). Kept apart from the view so a
 * document viewer can use the same mapping to scroll to the place.
 */
export type PlaceSection = 'seller' | 'buyer' | 'payee' | 'delivery' | 'line' | 'totals' | 'tax' | 'payment' | 'allowances' | 'references' | 'header' | 'document';

export interface Place {
  section: PlaceSection;
  /** The 1-based document line (invoice line, credit note line, order line…), for `line`. */
  lineNumber?: number;
}

const SECTIONS: [RegExp, PlaceSection][] = [
  [/^(cac:)?(AccountingSupplierParty|SellerSupplierParty|DespatchSupplierParty|CedentePrestatore|Podmiot1)$/, 'seller'],
  [/^(cac:)?(AccountingCustomerParty|BuyerCustomerParty|DeliveryCustomerParty|CessionarioCommittente|Podmiot2)$/, 'buyer'],
  [/^(cac:)?(PayeeParty|TaxRepresentativeParty)$/, 'payee'],
  [/^(cac:)?(Delivery|DeliveryTerms|Shipment)$/, 'delivery'],
  [/^(cac:)?(LegalMonetaryTotal|AnticipatedMonetaryTotal)$/, 'totals'],
  [/^(cac:)?(TaxTotal|WithholdingTaxTotal|DatiRiepilogo)$/, 'tax'],
  [/^(cac:)?(PaymentMeans|PaymentTerms|PrepaidPayment|DatiPagamento|Platnosc)$/, 'payment'],
  [/^(cac:)?AllowanceCharge$/, 'allowances'],
  [/^(cac:)?(OrderReference|BillingReference|ContractDocumentReference|AdditionalDocumentReference|ProjectReference|DespatchDocumentReference|ReceiptDocumentReference)$/, 'references'],
];

const LINE = /^(cac:)?(InvoiceLine|CreditNoteLine|OrderLine|DespatchLine|DettaglioLinee|FaWiersz)(\[(\d+)\])?$/;

export function placeOf(location: string): Place {
  const steps = location.split('/').filter(Boolean).slice(1);
  for (const step of steps) {
    const line = LINE.exec(step);
    if (line) return { section: 'line', lineNumber: Number(line[4] ?? 1) };
  }
  const first = steps[0]?.replace(/\[\d+\]$/, '');
  if (!first) return { section: 'document' };
  for (const [pattern, section] of SECTIONS) if (pattern.test(first)) return { section };
  return { section: 'header' };
}

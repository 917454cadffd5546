import { describe, expect, it } from 'vitest';
import { placeOf } from './place';

describe('placeOf: a rule location in words a user knows', () => {
  it('names the document line, the parties, the totals and the tax', () => {
    expect(placeOf('/Invoice/cac:InvoiceLine[3]/cbc:InvoicedQuantity')).toEqual({ section: 'line', lineNumber: 3 });
    expect(placeOf('/CreditNote/cac:CreditNoteLine[1]')).toEqual({ section: 'line', lineNumber: 1 });
    expect(placeOf('/Invoice/cac:AccountingSupplierParty/cac:Party/cbc:EndpointID')).toEqual({ section: 'seller' });
    expect(placeOf('/Invoice/cac:AccountingCustomerParty/cac:Party')).toEqual({ section: 'buyer' });
    expect(placeOf('/Invoice/cac:LegalMonetaryTotal/cbc:PayableAmount')).toEqual({ section: 'totals' });
    expect(placeOf('/Invoice/cac:TaxTotal[2]')).toEqual({ section: 'tax' });
    expect(placeOf('/p:FatturaElettronica/FatturaElettronicaBody/DatiBeniServizi/DettaglioLinee[2]/CodiceArticolo')).toEqual({ section: 'line', lineNumber: 2 });
  });

  it('falls back to the header or the whole document', () => {
    expect(placeOf('/Invoice/cbc:IssueDate')).toEqual({ section: 'header' });
    expect(placeOf('/Invoice')).toEqual({ section: 'document' });
  });
});

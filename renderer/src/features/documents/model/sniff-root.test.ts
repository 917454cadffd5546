import { describe, expect, it } from 'vitest';
import { sniffRoot } from './sniff-root';

describe('the document type from the first bytes', () => {
  it('finds the root element after the declaration, comments and a prefix', () => {
    const xml = '\uFEFF<?xml version="1.0" encoding="UTF-8"?>\n<!-- exported -->\n<ubl:CreditNote xmlns:ubl="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2">';
    expect(sniffRoot(xml)).toEqual({ format: 'xml', rootName: 'CreditNote', type: 'credit-note' });
    expect(sniffRoot('<Invoice xmlns="urn:x">')).toEqual({ format: 'xml', rootName: 'Invoice', type: 'invoice' });
  });

  it('reads the one key of the JSON transposition', () => {
    expect(sniffRoot(' {\n  "Invoice": { "ID": "1" } }')).toEqual({ format: 'json', rootName: 'Invoice', type: 'invoice' });
  });

  it('reports other roots without a type, and gives up on anything else', () => {
    expect(sniffRoot('<Order>')).toEqual({ format: 'xml', rootName: 'Order', type: 'order' });
    expect(sniffRoot('<FatturaElettronica>')).toEqual({ format: 'xml', rootName: 'FatturaElettronica', type: undefined });
    expect(sniffRoot('%PDF-1.7')).toBeNull();
  });
});

/** Small real files the transfer interface accepts (and one it cannot read), for tests and benches. */
import fs from 'node:fs';
import path from 'node:path';
import { zipSync } from 'fflate';

const encoder = new TextEncoder();

export function invoiceXml(number: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:ID>${number}</cbc:ID>
  <cbc:IssueDate>2026-10-01</cbc:IssueDate>
</Invoice>
`;
}

/** A CSV holding `documents` documents (one row each). */
export function invoicesCsv(documents: number): string {
  const rows = Array.from({ length: documents }, (_, index) => `INV-${index + 1},${(index + 1) * 10}.00`);
  return ['document_number,amount', ...rows].join('\n') + '\n';
}

/** A ZIP with two XML invoices and a CSV of two documents: four transfer documents. */
export function invoicesZip(): Uint8Array {
  return zipSync({
    'a.xml': encoder.encode(invoiceXml('Z-1')),
    'b.xml': encoder.encode(invoiceXml('Z-2')),
    'rows.csv': encoder.encode(invoicesCsv(2)),
  });
}

export function writeFile(dir: string, name: string, content: string | Uint8Array): string {
  const file = path.join(dir, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  return file;
}

export function base64(content: string | Uint8Array): string {
  return Buffer.from(typeof content === 'string' ? encoder.encode(content) : content).toString('base64');
}

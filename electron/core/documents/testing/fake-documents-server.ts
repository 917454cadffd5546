/**
 * A small loopback stand-in for the document interface, for the cases the emulator cannot stage
 * on demand: recording the exact query string and headers, malformed envelopes, expiring print
 * links, and documents that fail a given number of times. Test-only.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeDocument {
  uuid: string;
  number: string;
  date: string;
  senderName: string;
  source: Buffer;
  contentType: string;
  /** 500 answers to give on /source before succeeding (Infinity: always). */
  failSource?: number;
}

export interface RecordedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface FakeServerOptions {
  documents?: FakeDocument[];
  /** What `GET /invoices` answers instead of a proper envelope. */
  listBody?: string;
  /** How many print links expire before one works. */
  expiredPrintLinks?: number;
  /** Answer `/print` with `{url}` and no Location header. */
  printUrlInBodyOnly?: boolean;
}

export interface FakeDocumentsServer {
  url: string;
  requests: RecordedRequest[];
  documents: FakeDocument[];
  downloaded: Set<string>;
  close(): Promise<void>;
}

export const PDF_BYTES = Buffer.from('%PDF-1.4\n% fake\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

export function invoiceXml(number: string, supplier = 'Supplier AS'): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:ID>${number}</cbc:ID>
  <cbc:IssueDate>2026-03-01</cbc:IssueDate>
  <cac:AccountingSupplierParty><cac:Party><cac:PartyName><cbc:Name>${supplier}</cbc:Name></cac:PartyName></cac:Party></cac:AccountingSupplierParty>
</Invoice>
`;
}

export function fakeDocuments(count: number): FakeDocument[] {
  return Array.from({ length: count }, (_, index) => {
    const number = `INV-${String(index + 1).padStart(4, '0')}`;
    return {
      uuid: `00000000-0000-4000-8000-${String(index + 1).padStart(12, '0')}`,
      number,
      date: '2026-03-01',
      senderName: 'Supplier AS',
      source: Buffer.from(invoiceXml(number)),
      contentType: 'application/xml',
    };
  });
}

const record = (document: FakeDocument, downloaded: boolean) => ({
  '@id': `/invoices/${document.uuid}`,
  '@type': 'Invoice',
  uuid: document.uuid,
  direction: 'incoming',
  format: 'UBL 2.1 XML',
  number: document.number,
  date: document.date,
  sender: { name: document.senderName, identifier: '0192:987654321' },
  recipient: { name: 'Buyer AS', identifier: '0192:123456789' },
  createdAt: '2026-03-01T10:00:00+00:00',
  downloaded,
});

export async function startFakeDocumentsServer(options: FakeServerOptions = {}): Promise<FakeDocumentsServer> {
  const documents = options.documents ?? [];
  const requests: RecordedRequest[] = [];
  const downloaded = new Set<string>();
  const failures = new Map<string, number>();
  let expiredLinksLeft = options.expiredPrintLinks ?? 0;
  let linkCounter = 0;
  const validLinks = new Set<string>();

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      requests.push({ method: request.method ?? 'GET', url: request.url ?? '/', headers: request.headers, body });
      const url = new URL(request.url ?? '/', 'http://fake');
      const send = (status: number, type: string, payload: string | Buffer, headers: Record<string, string> = {}) => {
        response.writeHead(status, { 'content-type': type, ...headers });
        response.end(payload);
      };
      const json = (status: number, payload: unknown, headers: Record<string, string> = {}) => send(status, 'application/ld+json', JSON.stringify(payload), headers);
      const find = (uuid: string | undefined) => documents.find((document) => document.uuid === uuid);

      const parts = url.pathname.split('/').filter(Boolean);
      if (parts[0] === 'print-files') {
        const token = parts[1] ?? '';
        if (!validLinks.has(token)) return json(410, { '@type': 'hydra:Error', 'hydra:description': 'This print link expired.' });
        if (request.headers.authorization) return json(400, { 'hydra:description': 'Print links must not carry a token.' });
        return send(200, 'application/pdf', PDF_BYTES);
      }
      if (parts[0] !== 'invoices') return json(404, { 'hydra:description': 'No route' });
      if (parts.length === 1 && request.method === 'GET') {
        if (options.listBody !== undefined) return send(200, 'application/ld+json', options.listBody);
        const page = Number(url.searchParams.get('page') ?? '1');
        const perPage = Number(url.searchParams.get('itemsPerPage') ?? '30');
        const slice = documents.slice((page - 1) * perPage, page * perPage);
        return json(200, { 'hydra:member': slice.map((document) => record(document, downloaded.has(document.uuid))), 'hydra:totalItems': documents.length });
      }
      if (parts[1] === 'downloaded' && request.method === 'POST') {
        const parsed = JSON.parse(body.toString('utf8')) as { downloaded: boolean; uuids: string[] };
        for (const uuid of parsed.uuids) {
          if (parsed.downloaded) downloaded.add(uuid);
          else downloaded.delete(uuid);
        }
        response.writeHead(204);
        return response.end();
      }
      const document = find(parts[1]);
      if (!document) return json(404, { '@type': 'hydra:Error', 'hydra:description': `No invoice ${parts[1]}.` });
      if (parts.length === 2) return json(200, record(document, downloaded.has(document.uuid)));
      if (parts[2] === 'source') {
        const failed = failures.get(document.uuid) ?? 0;
        if (failed < (document.failSource ?? 0)) {
          failures.set(document.uuid, failed + 1);
          return json(500, { '@type': 'hydra:Error', 'hydra:description': 'Injected failure.' });
        }
        return send(200, document.contentType, document.source);
      }
      if (parts[2] === 'print') {
        linkCounter += 1;
        const token = `link-${linkCounter}`;
        if (expiredLinksLeft > 0) expiredLinksLeft -= 1;
        else validLinks.add(token);
        const address = server.address() as AddressInfo;
        const link = `http://127.0.0.1:${address.port}/print-files/${token}`;
        const headers: Record<string, string> = options.printUrlInBodyOnly ? {} : { location: link };
        return send(302, 'application/json', JSON.stringify({ url: link }), headers);
      }
      return json(404, { 'hydra:description': 'No route' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    documents,
    downloaded,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

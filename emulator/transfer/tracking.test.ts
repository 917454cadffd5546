import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from '../testing';
import { b64, signP7m, transferClient, type TransferClient, uploadBody, zipOf } from './test-support';

/** Uploads after the 202: processing, transfer documents, downloads and who may see them. */
let emulator: TestEmulator;
let full: TransferClient;
let other: TransferClient;

beforeAll(async () => {
  emulator = await startTestEmulator({ processingDelayMs: 0 });
  full = transferClient(emulator.urls.transferUrl, await emulator.login('full'));
  other = transferClient(emulator.urls.transferUrl, await emulator.login('no-upload-pl'));
});
afterAll(() => emulator.close());

interface Upload {
  id: string;
  status: string;
  errors?: string[];
}
interface TransferDocument {
  id: string;
  upload_id: string;
  e2e_id: string | null;
  status: string;
  file_name: string;
  destination_id: string | null;
  created_at: string;
}

async function upload(fields: Record<string, unknown>, client = full): Promise<Upload> {
  const response = await client.post(uploadBody(fields));
  expect(response.status).toBe(202);
  return (await response.json()) as Upload;
}

const read = async (id: string) => (await full.getJson<Upload>(`/uploads/${id}`)).body;
const documentsOf = async (id: string) => (await full.getJson<TransferDocument[]>(`/uploads/${id}/transfer-documents`)).body;

describe('processing', () => {
  it('delivers a good XML with one transfer document carrying an SDI id', async () => {
    const receipt = await upload({ e2e_id: 'track-1' });
    expect(receipt.status).toBe('pending');
    expect(await read(receipt.id)).toMatchObject({ status: 'delivered' });
    const documents = await documentsOf(receipt.id);
    expect(documents).toEqual([
      {
        id: expect.any(String),
        upload_id: receipt.id,
        e2e_id: 'track-1',
        status: 'delivered',
        file_name: 'invoice.xml',
        destination_id: expect.stringMatching(/^\d+$/),
        created_at: expect.any(String),
        updated_at: expect.any(String),
      },
    ]);
  });

  it('unzips a ZIP and splits its multi-document CSV, one transfer document each', async () => {
    const zip = zipOf({
      'a.xml': '<a/>',
      'b.json': '{"b":true}',
      'c.csv': 'invoice_number,amount\nF1,1\nF2,2\nF1,3\n',
    });
    const receipt = await upload({ country: 'PL', file_name: 'batch.zip', content: b64(zip) });
    const documents = await documentsOf(receipt.id);
    expect(documents.map((document) => document.file_name)).toEqual(['a.xml', 'b.json', 'c_F1.csv', 'c_F2.csv']);
    for (const document of documents) expect(document.destination_id).toMatch(/^\d{10}-\d{8}-[0-9A-F]{12}-[0-9A-F]{2}$/);
    expect(new Set(documents.map((document) => document.destination_id)).size).toBe(4);

    const csv = await full.get(`/transfer-documents/${documents[2]?.id}/download`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.headers.get('content-disposition')).toContain('filename="c_F1.csv"');
    expect(await csv.text()).toBe('invoice_number,amount\r\nF1,1\r\nF1,3\r\n');

    const xml = await full.get(`/transfer-documents/${documents[0]?.id}/download`);
    expect(xml.headers.get('content-type')).toBe('application/xml');
    expect(await xml.text()).toBe('<a/>');
  });

  it('downloads a signed file as sent, named with its .p7m extension', async () => {
    const signed = signP7m('<FatturaElettronica/>');
    const receipt = await upload({ file_name: 'IT01234567890_00001.xml.p7m', content: b64(signed) });
    const [document] = await documentsOf(receipt.id);
    const download = await full.get(`/transfer-documents/${document?.id}/download`);
    expect(download.headers.get('content-type')).toBe('application/pkcs7-mime');
    expect(download.headers.get('content-disposition')).toContain('filename="IT01234567890_00001.xml.p7m"');
    expect(Buffer.from(await download.arrayBuffer()).equals(Buffer.from(signed))).toBe(true);
  });

  it('escapes quotes of the file name in Content-Disposition', async () => {
    const receipt = await upload({ file_name: 'say "hi".json', content: b64('{}') });
    const [document] = await documentsOf(receipt.id);
    const download = await full.get(`/transfer-documents/${document?.id}/download`);
    expect(download.headers.get('content-disposition')).toContain('filename="say \\"hi\\".json"');
  });

  it.each([
    ['broken XML', 'bad.xml', '<Invoice><ID>1</Invoice>', /bad\.xml is not well-formed XML/],
    ['broken JSON', 'bad.json', '{"a":', /bad\.json is not valid JSON/],
    ['a CSV with a short row', 'bad.csv', 'a,b\n1\n', /bad\.csv, line 2/],
    ['a corrupt ZIP', 'bad.zip', 'PK not really', /bad\.zip is not a readable ZIP/],
    ['a .p7m that is not signed', 'bad.xml.p7m', '<a/>', /not a valid signed file/],
  ])('ends failed with a message for %s', async (_label, fileName, content, message) => {
    const receipt = await upload({ file_name: fileName, content: b64(content) });
    const failed = await read(receipt.id);
    expect(failed.status).toBe('failed');
    expect(failed.errors?.join('\n')).toMatch(message);
    expect(await documentsOf(receipt.id)).toEqual([]);
  });
});

describe('reads', () => {
  it('lists uploads by End-to-end ID as a plain array (empty when none)', async () => {
    const first = await upload({ e2e_id: 'list-me' });
    const found = await full.getJson<Upload[]>('/uploads?e2e_id=list-me');
    expect(found.status).toBe(200);
    expect(found.body.map((item) => item.id)).toEqual([first.id]);
    expect((await full.getJson<Upload[]>('/uploads?e2e_id=nobody-used-this')).body).toEqual([]);
    expect((await full.getJson<Upload[]>('/uploads?e2e_id=LIST-ME')).body).toEqual([]);
  });

  it('answers 400 without e2e_id, with an empty one or with two', async () => {
    for (const query of ['', '?e2e_id=', '?e2e_id=a&e2e_id=b', '?E2E_ID=a']) {
      const response = await full.getJson<{ errors: Record<string, string> }>(`/uploads${query}`);
      expect(response.status).toBe(400);
      expect(response.body.errors.e2eId).toEqual(expect.any(String));
    }
  });

  it('answers 404 JSON for unknown ids and unknown routes', async () => {
    for (const path of ['/uploads/unknown', '/uploads/unknown/transfer-documents', '/transfer-documents/unknown/download', '/nothing-here']) {
      const response = await full.getJson<unknown>(path);
      expect(response).toEqual({ status: 404, body: { code: 404, message: expect.any(String) } });
    }
  });

  it('shows uploads only to the account that made them', async () => {
    const mine = await upload({ e2e_id: 'private-e2e' });
    const [document] = await documentsOf(mine.id);
    expect((await other.get(`/uploads/${mine.id}`)).status).toBe(404);
    expect((await other.get(`/uploads/${mine.id}/transfer-documents`)).status).toBe(404);
    expect((await other.get(`/transfer-documents/${document?.id}/download`)).status).toBe(404);
    expect((await other.getJson<Upload[]>('/uploads?e2e_id=private-e2e')).body).toEqual([]);
    const theirs = await upload({ e2e_id: 'private-e2e' }, other);
    expect((await other.getJson<Upload[]>('/uploads?e2e_id=private-e2e')).body.map((item) => item.id)).toEqual([theirs.id]);
    expect((await full.getJson<Upload[]>('/uploads?e2e_id=private-e2e')).body.map((item) => item.id)).toEqual([mine.id]);
  });
});

describe('status progression over HTTP', () => {
  it('goes pending → ingested → processing → sent → delivered at the processing delay', async () => {
    const paced = await startTestEmulator({ processingDelayMs: 25 });
    try {
      const client = transferClient(paced.urls.transferUrl, await paced.login('full'));
      const response = await client.post(uploadBody());
      const receipt = (await response.json()) as Upload;
      expect(receipt.status).toBe('pending');
      const order = ['pending', 'ingested', 'processing', 'sent', 'delivered'];
      const seen: string[] = [receipt.status];
      for (let poll = 0; poll < 2000 && seen.at(-1) !== 'delivered'; poll++) {
        const status = (await client.getJson<Upload>(`/uploads/${receipt.id}`)).body.status;
        if (status !== seen.at(-1)) seen.push(status);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      expect(seen.at(-1)).toBe('delivered');
      const positions = seen.map((status) => order.indexOf(status));
      expect(positions.every((position, index) => position >= 0 && (index === 0 || position > (positions[index - 1] ?? -1)))).toBe(true);
    } finally {
      await paced.close();
    }
  });
});

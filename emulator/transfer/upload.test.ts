import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BODY_BYTES, maxFileBytesForUpload } from '../../shared/validation';
import { startTestEmulator, type TestEmulator } from '../testing';
import { b64, transferClient, type TransferClient, uploadBody } from './test-support';

/** `POST /upload` over loopback HTTP: every row of the spec's transfer error table and its check order. */
let emulator: TestEmulator;
let clockOffsetMs = 0;
let full: TransferClient;
const clients: Record<string, TransferClient> = {};

beforeAll(async () => {
  emulator = await startTestEmulator({ processingDelayMs: 0 }, { now: () => new Date(Date.now() + clockOffsetMs) });
  for (const name of ['full', 'no-upload-pl', 'transfer-unconfigured-it', 'read-only']) {
    clients[name] = transferClient(emulator.urls.transferUrl, await emulator.login(name));
  }
  full = clients.full as TransferClient;
});
afterAll(() => emulator.close());

const client = (name: string) => clients[name] as TransferClient;
const bigBody = (bytes: number, fill = 'x') => fill.repeat(bytes);

async function expectFieldErrors(response: Response, keys: string[]) {
  expect(response.status).toBe(400);
  const body = (await response.json()) as { errors: Record<string, string> };
  expect(Object.keys(body.errors).sort()).toEqual([...keys].sort());
  for (const message of Object.values(body.errors)) expect(message).toEqual(expect.any(String));
  return body.errors;
}

describe('202 Accepted', () => {
  it('answers the receipt with status pending and a Location header', async () => {
    const response = await full.post(uploadBody({ e2e_id: 'order-1' }));
    expect(response.status).toBe(202);
    const receipt = (await response.json()) as Record<string, unknown>;
    expect(receipt).toEqual({
      id: expect.any(String),
      e2e_id: 'order-1',
      status: 'pending',
      country: 'IT',
      file_name: 'invoice.xml',
      size: '<Invoice><ID>1</ID></Invoice>'.length,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(response.headers.get('location')).toBe(`/uploads/${receipt.id as string}`);
    const read = await full.getJson<{ id: string }>(response.headers.get('location') ?? '');
    expect(read).toMatchObject({ status: 200, body: { id: receipt.id } });
  });

  it('stores the End-to-end ID exactly as sent, inner spaces and symbols included', async () => {
    const e2eId = `a  b/c\\d "e" <f> {g} ~!@#$%^&*()_+=[]|;:',.?\`  z`;
    const response = await full.post(uploadBody({ e2e_id: e2eId }));
    expect(response.status).toBe(202);
    const receipt = (await response.json()) as { id: string; e2e_id: string };
    expect(receipt.e2e_id).toBe(e2eId);
    expect((await full.getJson<{ e2e_id: string }>(`/uploads/${receipt.id}`)).body.e2e_id).toBe(e2eId);
    const found = await full.getJson<{ id: string }[]>(`/uploads?e2e_id=${encodeURIComponent(e2eId)}`);
    expect(found.body.map((upload) => upload.id)).toEqual([receipt.id]);
  });

  it('keeps e2e_id null when none is sent', async () => {
    const response = await full.post(uploadBody());
    expect(((await response.json()) as { e2e_id: unknown }).e2e_id).toBeNull();
  });

  it('creates a new upload on every POST, even with the same file and End-to-end ID', async () => {
    const body = uploadBody({ e2e_id: 'same-every-time' });
    const first = (await (await full.post(body)).json()) as { id: string };
    const second = (await (await full.post(body)).json()) as { id: string };
    expect(first.id).not.toBe(second.id);
    const found = await full.getJson<{ id: string }[]>('/uploads?e2e_id=same-every-time');
    expect(found.body.map((upload) => upload.id)).toEqual([first.id, second.id]);
  });

  it('accepts any Content-Type as long as the body is a JSON object', async () => {
    expect((await full.post(uploadBody(), { 'content-type': 'text/plain' })).status).toBe(202);
    expect((await full.post(uploadBody(), { 'content-type': 'not a media type' })).status).toBe(202);
  });
});

describe('401 Unauthorized', () => {
  const expect401 = async (response: Response) => {
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ code: 401, message: expect.any(String) });
  };

  it('without a token, with a malformed token, and with a token of the other environment', async () => {
    await expect401(await transferClient(emulator.urls.transferUrl, null).post(uploadBody()));
    await expect401(await transferClient(emulator.urls.transferUrl, 'not-a-jwt').post(uploadBody()));
    const production = await emulator.login('full', 'production');
    await expect401(await transferClient(emulator.urls.transferUrl, production).post(uploadBody()));
  });

  it('with an expired token', async () => {
    const token = await emulator.login('full');
    clockOffsetMs = 25 * 3600 * 1000;
    try {
      await expect401(await transferClient(emulator.urls.transferUrl, token).post(uploadBody()));
    } finally {
      clockOffsetMs = 0;
    }
  });

  it('comes before 413: no token and a huge body', async () => {
    await expect401(await transferClient(emulator.urls.transferUrl, null).post(bigBody(6 * 1024 * 1024)));
  });

  it('protects the read endpoints too', async () => {
    const anonymous = transferClient(emulator.urls.transferUrl, null);
    for (const path of ['/uploads/x', '/uploads?e2e_id=x', '/uploads/x/transfer-documents', '/transfer-documents/x/download']) {
      await expect401(await anonymous.get(path));
    }
  });
});

describe('413 Payload Too Large', () => {
  it('answers a 6 MiB body that is not even JSON with 413, not 400', async () => {
    const response = await full.post(bigBody(6 * 1024 * 1024));
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ code: 413, message: expect.stringMatching(/5 MiB.*SFTP.*split/) });
  });

  it('measures chunked bodies sent without Content-Length', async () => {
    const chunk = new Uint8Array(1024 * 1024).fill(0x78);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 6) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const response = await fetch(`${emulator.urls.transferUrl}/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await emulator.login('full')}`, 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
  });

  it('accepts a body of exactly 5 MiB and refuses one byte more', async () => {
    const base = uploadBody({ pad: '' });
    const exact = uploadBody({ pad: 'p'.repeat(MAX_UPLOAD_BODY_BYTES - base.length) });
    expect(exact.length).toBe(MAX_UPLOAD_BODY_BYTES);
    expect((await full.post(exact)).status).toBe(202);
    const over = uploadBody({ pad: 'p'.repeat(MAX_UPLOAD_BODY_BYTES - base.length + 1) });
    expect((await full.post(over)).status).toBe(413);
  });

  it('accepts the largest file maxFileBytesForUpload allows (about 3.75 MiB)', async () => {
    const size = maxFileBytesForUpload('big.json', 'big-1');
    const file = Buffer.alloc(size, 0x20);
    file.write('{}');
    const response = await full.post(JSON.stringify({ country: 'PL', file_name: 'big.json', content: b64(file), e2e_id: 'big-1' }));
    expect(response.status).toBe(202);
    expect(((await response.json()) as { size: number }).size).toBe(size);
  });
});

describe('400 body not JSON', () => {
  it.each([
    ['plain text', 'not json'],
    ['an empty body', ''],
    ['truncated JSON', '{"country":"IT"'],
    ['a JSON array', '[1,2]'],
    ['a JSON string', '"IT"'],
    ['JSON null', 'null'],
    ['a number', '42'],
  ])('%s → 400 with a string message', async (_label, body) => {
    const response = await full.post(body);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ errors: expect.stringMatching(/JSON object/) });
  });

  it('bytes that are not UTF-8 → 400 with a string message', async () => {
    const response = await full.post(Uint8Array.from([0x7b, 0xff, 0xfe, 0x7d]));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ errors: expect.any(String) });
  });
});

describe('400 invalid fields', () => {
  it('reports all invalid fields at once, with camelCase keys', async () => {
    const response = await full.post(JSON.stringify({ country: 'FR', file_name: 'a.pdf', content: 'a-b_', e2e_id: ' x ' }));
    await expectFieldErrors(response, ['country', 'fileName', 'content', 'e2eId']);
  });

  it('reports missing required fields', async () => {
    await expectFieldErrors(await full.post('{}'), ['country', 'fileName', 'content']);
  });

  it.each(['it', 'Pl', 'FR', '', 5, null])('country %j', async (country) => {
    await expectFieldErrors(await full.post(uploadBody({ country })), ['country']);
  });

  it('file_name: 255 characters ok, 256 not', async () => {
    expect((await full.post(uploadBody({ file_name: `${'n'.repeat(251)}.xml` }))).status).toBe(202);
    const errors = await expectFieldErrors(await full.post(uploadBody({ file_name: `${'n'.repeat(252)}.xml` })), ['fileName']);
    expect(errors.fileName).toMatch(/256 characters/);
  });

  it.each([
    ['tab', 'a\tb.xml'],
    ['newline', 'a\nb.xml'],
    ['DEL', 'a\x7fb.xml'],
    ['é', 'fattura-é.xml'],
    ['emoji', 'invoice-📄.xml'],
    ['slash', 'dir/a.xml'],
    ['backslash', 'dir\\a.xml'],
    ['empty', ''],
    ['not a string', 12],
  ])('file_name with %s', async (_label, fileName) => {
    await expectFieldErrors(await full.post(uploadBody({ file_name: fileName })), ['fileName']);
  });

  it.each(['a.xml', 'a.json', 'a.csv', 'a.zip', 'a.xml.p7m', 'a.json.p7m', 'a.csv.p7m', 'a.zip.p7m', 'A.XML.P7M', 'B.Zip'])(
    'known extension %s → 202',
    async (fileName) => {
      expect((await full.post(uploadBody({ file_name: fileName }))).status).toBe(202);
    },
  );

  it.each(['a.pdf', 'a.txt', 'noextension', 'a.p7m', 'a.xml.bak'])('unknown extension %s → 400', async (fileName) => {
    const errors = await expectFieldErrors(await full.post(uploadBody({ file_name: fileName })), ['fileName']);
    expect(errors.fileName).toMatch(/\.xml.*\.json.*\.csv.*\.zip/);
  });

  it.each([
    ['URL-safe base64', 'PGE-Lz4_'],
    ['a line break', 'PGEv\nPg=='],
    ['a space', 'PGEv Pg=='],
    ['missing padding', 'PGEvPg'],
    ['not base64', '<a/>'],
    ['empty content', ''],
    ['not a string', 123],
  ])('content with %s', async (_label, content) => {
    await expectFieldErrors(await full.post(uploadBody({ content })), ['content']);
  });

  it('e2e_id: 255 characters ok, 256 not', async () => {
    expect((await full.post(uploadBody({ e2e_id: 'e'.repeat(255) }))).status).toBe(202);
    await expectFieldErrors(await full.post(uploadBody({ e2e_id: 'e'.repeat(256) })), ['e2eId']);
  });

  it.each([
    ['leading space', ' id'],
    ['trailing space', 'id '],
    ['tab', 'a\tb'],
    ['newline', 'a\nb'],
    ['DEL', 'a\x7f'],
    ['é', 'caffè'],
    ['emoji', 'id-🚀'],
    ['empty', ''],
    ['a number', 7],
  ])('e2e_id with %s', async (_label, e2eId) => {
    await expectFieldErrors(await full.post(uploadBody({ e2e_id: e2eId })), ['e2eId']);
  });
});

describe('403 and 409', () => {
  it('403 when the account has no REST upload access to the country', async () => {
    const response = await client('no-upload-pl').post(uploadBody({ country: 'PL' }));
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ code: 403, message: expect.stringMatching(/Poland.*support/) });
    expect((await client('no-upload-pl').post(uploadBody({ country: 'IT' }))).status).toBe(202);
    expect((await client('read-only').post(uploadBody({ country: 'IT' }))).status).toBe(403);
  });

  it('409 transfer_not_configured when transfer is not set up for the country', async () => {
    const response = await client('transfer-unconfigured-it').post(uploadBody({ country: 'IT' }));
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ code: 'transfer_not_configured', message: expect.stringMatching(/Italy.*support/) });
    expect((await client('transfer-unconfigured-it').post(uploadBody({ country: 'PL' }))).status).toBe(202);
  });

  it('invalid fields come before 403 and 409', async () => {
    await expectFieldErrors(await client('no-upload-pl').post(uploadBody({ country: 'PL', file_name: 'x.pdf' })), ['fileName']);
    await expectFieldErrors(await client('transfer-unconfigured-it').post(uploadBody({ content: 'a_b-' })), ['content']);
  });

  it('a body that is not JSON comes before 403', async () => {
    const response = await client('read-only').post('nope');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ errors: expect.any(String) });
  });

  it('413 comes before 403', async () => {
    expect((await client('read-only').post(bigBody(6 * 1024 * 1024))).status).toBe(413);
  });
});

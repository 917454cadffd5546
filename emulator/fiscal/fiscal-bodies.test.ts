/** Body-less operations take any Content-Type; routing comes before body checks (issue #25). */
import { fetch } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from '../testing';

let emulator: TestEmulator;
let token: string;

beforeAll(async () => {
  emulator = await startTestEmulator();
  token = await emulator.login('full');
});

afterAll(async () => {
  await emulator?.close();
});

/** What common HTTP clients send with a POST that has no payload. */
const bodylessVariants: { name: string; headers: Record<string, string>; body?: string }[] = [
  { name: 'no Content-Type', headers: {} },
  { name: 'application/json, empty', headers: { 'content-type': 'application/json' } },
  { name: 'application/json, {}', headers: { 'content-type': 'application/json' }, body: '{}' },
  { name: 'application/x-www-form-urlencoded, empty', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
  { name: 'text/plain with text', headers: { 'content-type': 'text/plain' }, body: 'hello' },
];

async function post(path: string, headers: Record<string, string>, body?: string) {
  const response = await fetch(`${emulator.urls.fiscalUrl}${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, ...headers }, body });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

describe('body-less POSTs', () => {
  it.each(bodylessVariants)('MF1 journal-reading and diagnostics accept $name', async ({ headers, body }) => {
    for (const report of ['journal-reading', 'diagnostics']) {
      const response = await post(`/v1/mf1/pems/E001-000001/backoffice-reports/${report}`, headers, body);
      expect(response.status, JSON.stringify(response.json)).toBe(202);
    }
  });

  it('MF1 close accepts application/x-www-form-urlencoded with no body', async () => {
    const response = await post('/v1/mf1/pems/E001-000001/close', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(response.status, JSON.stringify(response.json)).toBe(202);
    expect(response.json).toMatchObject({ status: 'CLOSED' });
  });

  it.each(bodylessVariants)('MF2 discard accepts $name', async ({ headers, body }) => {
    const response = await post('/v1/mf2/pems/E001-000003/discard', headers, body);
    expect(response.status, JSON.stringify(response.json)).toBe(200);
    expect(response.json).toMatchObject({ status: 'discarded' });
  });

  it('still checks the body of operations that take one', async () => {
    const form = await post('/v1/mf1/pems/E001-000001/emergency-reports', { 'content-type': 'application/x-www-form-urlencoded' }, 'a=1');
    expect(form.status).toBe(415);
    const broken = await post('/v1/mf1/pems/E001-000001/emergency-reports', { 'content-type': 'application/json' }, '{');
    expect(broken.status).toBe(422);
    expect(broken.json).toMatchObject({ detail: [{ type: 'json_invalid' }] });
  });
});

describe('routing before body checks', () => {
  it.each([
    ['/v1/mf1/no-such-thing', { 'content-type': 'application/json' }, '{'],
    ['/v1/mf1/no-such-thing', { 'content-type': 'application/x-www-form-urlencoded' }, 'a=1'],
    ['/v1/mf2/no-such-thing', { 'content-type': 'application/json' }, ''],
    ['/v1/mf2/no-such-thing', { 'content-type': 'text/plain' }, 'x'],
  ])('an unknown path %s with a body answers 404', async (path, headers, body) => {
    const response = await post(path, headers, body);
    expect(response.status).toBe(404);
    expect(response.json.status).toBe(404);
  });
});

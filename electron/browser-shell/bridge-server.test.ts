import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../../shared/contract';
import type { CoreApp, EventListener } from '../core/app-types';
import { CONTENT_SECURITY_POLICY } from '../shell-common/csp';
import { startBridgeServer, type BridgeServer } from './bridge-server';

interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

const secret = 'a'.repeat(64);

/** A core that echoes what it is asked and can emit events on demand. */
const createFakeCore = () => {
  const calls: { channel: string; payload: unknown }[] = [];
  const listeners = new Set<EventListener>();
  const core: Pick<CoreApp, 'handle' | 'onEvent'> = {
    handle: async (channel, payload) => {
      calls.push({ channel, payload });
      if (channel === 'preferences.set') throw new Error('boom');
      return { ok: true, value: { channel, payload: payload ?? null } };
    },
    onEvent: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const emit: EventListener = (name, payload) => {
    for (const listener of listeners) listener(name, payload);
  };
  return { core, calls, emit };
};

let server: BridgeServer;
let rendererDir: string;
const fake = createFakeCore();

const send = (options: { method?: string; path: string; headers?: Record<string, string>; body?: string | Buffer }): Promise<Reply> =>
  new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port: server.port, method: options.method ?? 'GET', path: options.path, headers: options.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });

const invoke = (channel: string, body: string | Buffer, headers: Record<string, string> = {}): Promise<Reply> =>
  send({
    method: 'POST',
    path: `/bridge/invoke/${channel}`,
    headers: { origin: server.origin, 'x-ledgerdesk-secret': secret, 'content-type': 'application/json', ...headers },
    body,
  });

const envelopeOf = (reply: Reply): Envelope<unknown> => JSON.parse(reply.body) as Envelope<unknown>;

/** Opens the event stream and resolves with everything received until `until` matches. */
const readEvents = (path: string, headers: Record<string, string>, until: (text: string) => boolean, onOpen: () => void): Promise<string> =>
  new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: server.port, path, headers }, (res) => {
      if (res.statusCode !== 200) {
        reject(new Error(`status ${String(res.statusCode)}`));
        res.resume();
        return;
      }
      let text = '';
      let opened = false;
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
        if (!opened && text.includes(': connected')) {
          opened = true;
          onOpen();
        }
        if (until(text)) {
          req.destroy();
          resolve(text);
        }
      });
    });
    req.on('error', (error) => (error.message.includes('socket hang up') ? undefined : reject(error)));
    req.end();
  });

beforeAll(async () => {
  rendererDir = await mkdtemp(join(tmpdir(), 'ledgerdesk-renderer-'));
  await mkdir(join(rendererDir, 'assets'));
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><html><head><meta charset="utf-8"><title>t</title></head><body><script type="module" src="./assets/app.mjs"></script></body></html>');
  await writeFile(join(rendererDir, 'assets', 'app.mjs'), 'export {};');
  await writeFile(join(rendererDir, 'assets', 'decoder.wasm'), Buffer.from([0, 97, 115, 109]));
  await writeFile(join(rendererDir, '..', 'outside-secret.txt'), 'do not serve');
  server = await startBridgeServer({ core: fake.core, rendererDir, secret, port: 0, maxBodyBytes: 4096, heartbeatMs: 60_000 });
});

afterAll(async () => {
  await server.close();
  await rm(rendererDir, { recursive: true, force: true });
  await rm(join(rendererDir, '..', 'outside-secret.txt'), { force: true });
});

describe('static renderer', () => {
  it('serves index.html with the strict CSP and the bridge script before the app', async () => {
    const reply = await send({ path: '/' });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(reply.headers['content-type']).toMatch(/^text\/html/);
    expect(reply.body.indexOf('<script src="/bridge.js"></script>')).toBeLessThan(reply.body.indexOf('app.mjs'));
    expect(reply.body).toContain('<title>t</title><script src="/bridge.js"></script></head>');
  });

  it('serves .mjs as JavaScript and .wasm as application/wasm', async () => {
    expect((await send({ path: '/assets/app.mjs' })).headers['content-type']).toMatch(/^text\/javascript/);
    const wasm = await send({ path: '/assets/decoder.wasm' });
    expect(wasm.status).toBe(200);
    expect(wasm.headers['content-type']).toBe('application/wasm');
  });

  it('answers client-side routes with index.html but a missing asset with 404', async () => {
    expect((await send({ path: '/documents/123' })).body).toContain('bridge.js');
    expect((await send({ path: '/assets/missing.js' })).status).toBe(404);
  });

  it('never serves files outside the renderer folder', async () => {
    for (const path of ['/../outside-secret.txt', '/%2e%2e/outside-secret.txt', '/assets/..%2f..%2foutside-secret.txt']) {
      const reply = await send({ path });
      expect(reply.body).not.toContain('do not serve');
    }
  });

  it('serves the bridge script without the secret in it', async () => {
    const reply = await send({ path: '/bridge.js' });
    expect(reply.status).toBe(200);
    expect(reply.body).toContain('window.acube');
    expect(reply.body).not.toContain(secret);
  });

  it('refuses requests addressed to another host name (DNS rebinding)', async () => {
    const reply = await send({ path: '/', headers: { host: `evil.example:${server.port}` } });
    expect(reply.status).toBe(403);
  });

  it('puts the secret in the launch URL fragment only', () => {
    expect(server.launchUrl).toBe(`http://127.0.0.1:${server.port}/#s=${secret}`);
  });
});

describe('bridge calls', () => {
  it('routes a call with the secret from the shell origin to the core', async () => {
    const reply = await invoke('profiles.activate', JSON.stringify({ id: 'sandbox' }));
    expect(reply.status).toBe(200);
    expect(envelopeOf(reply)).toEqual({ ok: true, value: { channel: 'profiles.activate', payload: { id: 'sandbox' } } });
  });

  it('treats an empty body as no payload', async () => {
    expect(envelopeOf(await invoke('session.status', ''))).toEqual({ ok: true, value: { channel: 'session.status', payload: null } });
  });

  it('refuses a call without the secret, with a wrong secret, or from another origin', async () => {
    const before = fake.calls.length;
    const noSecret = await send({ method: 'POST', path: '/bridge/invoke/session.status', headers: { origin: server.origin }, body: '{}' });
    const wrongSecret = await invoke('session.status', '{}', { 'x-ledgerdesk-secret': 'b'.repeat(64) });
    const otherOrigin = await invoke('session.status', '{}', { origin: 'http://evil.example' });
    const noOrigin = await send({ method: 'POST', path: '/bridge/invoke/session.status', headers: { 'x-ledgerdesk-secret': secret }, body: '{}' });
    const crossSite = await invoke('session.status', '{}', { 'sec-fetch-site': 'cross-site' });
    for (const reply of [noSecret, wrongSecret, otherOrigin, noOrigin, crossSite]) {
      expect(reply.status).toBe(403);
      expect(envelopeOf(reply)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    }
    // The secret cases say so: the shell's page then says to open the new address.
    for (const reply of [noSecret, wrongSecret]) expect(envelopeOf(reply)).toMatchObject({ error: { details: { reason: 'bridge_secret' } } });
    for (const reply of [otherOrigin, noOrigin, crossSite]) expect(envelopeOf(reply)).not.toHaveProperty('error.details');
    expect(fake.calls.length).toBe(before);
  });

  it('answers bad JSON with a 400 bad_request envelope and keeps working', async () => {
    const reply = await invoke('session.status', '{"oops":');
    expect(reply.status).toBe(400);
    expect(envelopeOf(reply)).toMatchObject({ ok: false, error: { code: 'bad_request', message: expect.stringContaining('not valid JSON') } });
    expect((await invoke('session.status', '{}')).status).toBe(200);
  });

  it('answers an unknown channel with a bad_request envelope without calling the core', async () => {
    const before = fake.calls.length;
    const reply = await invoke('nope.nothing', '{}');
    expect(envelopeOf(reply)).toMatchObject({ ok: false, error: { code: 'bad_request', message: expect.stringContaining('nope.nothing') } });
    expect(fake.calls.length).toBe(before);
  });

  it('refuses bodies over the limit with too_large', async () => {
    const reply = await invoke('session.status', JSON.stringify({ filler: 'x'.repeat(5000) }));
    expect(reply.status).toBe(413);
    expect(envelopeOf(reply)).toMatchObject({ ok: false, error: { code: 'too_large' } });
    expect((await invoke('session.status', '{}')).status).toBe(200);
  });

  it('refuses bodies that are not JSON by content type, and non-POST calls', async () => {
    expect((await invoke('session.status', '{}', { 'content-type': 'text/plain' })).status).toBe(415);
    const get = await send({ path: '/bridge/invoke/session.status', headers: { origin: server.origin, 'x-ledgerdesk-secret': secret } });
    expect(get.status).toBe(405);
  });

  it('hands the files of a binary call to the core as the bytes sent, outside the JSON', async () => {
    const json = Buffer.from(JSON.stringify({ country: 'IT', files: [{ file: { kind: 'binary', name: 'a.xml', data: { $blob: 0, size: 4 } } }, { file: { kind: 'binary', name: 'b.xml', data: { $blob: 1, size: 3 } } }] }));
    const body = Buffer.concat([json, Buffer.from('<a/>'), Buffer.from('<b>')]);
    const reply = await invoke('uploads.add', body, { 'content-type': 'application/octet-stream', 'x-ledgerdesk-json-bytes': String(json.length) });
    expect(reply.status).toBe(200);
    const { payload } = fake.calls.at(-1)!;
    const files = (payload as { files: Array<{ file: { name: string; data: Uint8Array } }> }).files;
    expect(files.map(({ file }) => [file.name, file.data instanceof Uint8Array, Buffer.from(file.data).toString()])).toEqual([
      ['a.xml', true, '<a/>'],
      ['b.xml', true, '<b>'],
    ]);
  });

  it('refuses a binary call whose bytes do not match what its JSON announces, without calling the core', async () => {
    const before = fake.calls.length;
    const json = Buffer.from(JSON.stringify({ files: [{ data: { $blob: 0, size: 10 } }] }));
    const short = await invoke('uploads.add', Buffer.concat([json, Buffer.from('<a/>')]), { 'content-type': 'application/octet-stream', 'x-ledgerdesk-json-bytes': String(json.length) });
    expect(short.status).toBe(400);
    expect(envelopeOf(short)).toMatchObject({ ok: false, error: { code: 'bad_request', message: 'The request carries 4 bytes of files, but its JSON announces 10.' } });
    const noLength = await invoke('uploads.add', Buffer.concat([json, Buffer.from('<a/>')]), { 'content-type': 'application/octet-stream' });
    expect(envelopeOf(noLength)).toMatchObject({ ok: false, error: { code: 'bad_request', message: expect.stringContaining('x-ledgerdesk-json-bytes') } });
    expect(fake.calls.length).toBe(before);
  });

  it('turns a throwing core into an internal error envelope', async () => {
    const reply = await invoke('preferences.set', '{}');
    expect(reply.status).toBe(200);
    expect(envelopeOf(reply)).toMatchObject({ ok: false, error: { code: 'internal' } });
  });
});

describe('event stream', () => {
  it('delivers core events as named server-sent events', async () => {
    const text = await readEvents(
      `/bridge/events?s=${secret}`,
      {},
      (received) => received.includes('data: {"theme":"dark"'),
      () => fake.emit('preferences.changed', { theme: 'dark', language: 'en' }),
    );
    expect(text).toMatch(/event: preferences\.changed\ndata: \{"theme":"dark","language":"en"\}\n\n/);
  });

  it('replays events missed since Last-Event-ID on reconnect', async () => {
    fake.emit('preferences.changed', { theme: 'light', language: 'it' });
    const text = await readEvents(`/bridge/events?s=${secret}`, { 'last-event-id': '0' }, (received) => received.includes('"language":"it"'), () => undefined);
    expect(text).toContain('"theme":"light"');
  });

  it('refuses the stream without the secret or from another origin', async () => {
    expect((await send({ path: '/bridge/events' })).status).toBe(403);
    expect((await send({ path: `/bridge/events?s=${secret}`, headers: { origin: 'http://evil.example' } })).status).toBe(403);
  });
});

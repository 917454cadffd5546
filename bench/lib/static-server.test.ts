import { afterEach, describe, expect, it } from 'vitest';
import { startStaticServer, type StaticServer } from './static-server';

describe('the PDF bench page server', () => {
  let server: StaticServer | undefined;
  afterEach(async () => {
    await server?.close();
  });

  it('serves its files on loopback under the app CSP, revalidates with an ETag, and 404s the rest', async () => {
    server = await startStaticServer(new Map([['/worker.mjs', { body: 'export {}', contentType: 'text/javascript' }]]));
    expect(server.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

    const first = await fetch(`${server.origin}/worker.mjs`);
    expect(first.status).toBe(200);
    expect(await first.text()).toBe('export {}');
    expect(first.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const etag = first.headers.get('etag') ?? '';
    expect(etag).not.toBe('');

    const again = await fetch(`${server.origin}/worker.mjs`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);

    expect((await fetch(`${server.origin}/secrets.txt`)).status).toBe(404);
    expect((await fetch(`${server.origin}/worker.mjs`, { method: 'POST' })).status).toBe(404);
  });
});

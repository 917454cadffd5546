/**
 * Save as PDF under Electron (issue 24, point 1), with Electron replaced by a recording fake (its
 * runtime is not on every machine): the page is served by its session's handler from a one-time
 * address with the policy as a header, and the session refuses every other request.
 */
import { describe, expect, it, vi } from 'vitest';
import { PRINTED_PAGE_CSP } from '../../shared/viewer/sandboxed-html';

type Callback = (response: Record<string, unknown>) => void;
type Listener = (details: Record<string, unknown>, callback: Callback) => void;

const fake = vi.hoisted(() => ({
  beforeRequest: undefined as Listener | undefined,
  headersReceived: undefined as Listener | undefined,
  protocols: new Map<string, (request: Request) => Response | Promise<Response>>(),
  permission: undefined as ((contents: unknown, permission: string, callback: (granted: boolean) => void) => void) | undefined,
  windows: [] as Array<{ options: Record<string, unknown>; loaded: string[]; destroyed: boolean }>,
  /** What the page got while it loaded: its answer, its headers, and whether its own request went through. */
  served: [] as Array<{ url: string; allowed: boolean; body: string; headers: Headers; responseHeaders: Record<string, unknown> }>,
}));

const ask = (listener: Listener | undefined, details: Record<string, unknown>): Promise<Record<string, unknown>> =>
  new Promise((resolve) => listener?.(details, resolve));

vi.mock('electron', () => {
  const offline = {
    setPermissionRequestHandler: (handler: typeof fake.permission) => (fake.permission = handler),
    webRequest: {
      onBeforeRequest: (listener: Listener) => (fake.beforeRequest = listener),
      onHeadersReceived: (listener: Listener) => (fake.headersReceived = listener),
    },
    protocol: { handle: (scheme: string, handler: (request: Request) => Response) => fake.protocols.set(scheme, handler) },
  };
  class BrowserWindow {
    private readonly record: (typeof fake.windows)[number];
    constructor(options: Record<string, unknown>) {
      this.record = { options, loaded: [], destroyed: false };
      fake.windows.push(this.record);
    }
    webContents = {
      setWindowOpenHandler: () => undefined,
      on: () => undefined,
      printToPDF: () => Promise.resolve(Buffer.from('%PDF-1.7 fake')),
    };
    // As Chromium would: the request through the session's listeners, then its handler, then the headers.
    loadURL = async (url: string) => {
      this.record.loaded.push(url);
      const decision = await ask(fake.beforeRequest, { url, resourceType: 'mainFrame' });
      const response = await fake.protocols.get(new URL(url).protocol.replace(':', ''))!(new Request(url));
      const headers = await ask(fake.headersReceived, { url, resourceType: 'mainFrame', responseHeaders: Object.fromEntries(response.headers) });
      fake.served.push({ url, allowed: decision.cancel === false, body: await response.text(), headers: response.headers, responseHeaders: headers.responseHeaders as Record<string, unknown> });
    };
    destroy = () => {
      this.record.destroyed = true;
    };
  }
  return { BrowserWindow, session: { fromPartition: () => offline } };
});

const { createElectronPdfPrinter } = await import('./pdf-printer');

const ATTACK = '<!-- <head> --><p>x</p><iframe src="file:///home/user/.ssh/id_rsa"></iframe><head></head>';

describe('Save as PDF under Electron', () => {
  it('loads the page from a one-time address of its own session (never file:// nor data:), the policy as a response header', async () => {
    const pdf = await createElectronPdfPrinter().print(ATTACK);
    expect(new TextDecoder().decode(pdf)).toContain('%PDF');
    const [window] = fake.windows;
    expect(window?.options).toMatchObject({ show: false, webPreferences: { javascript: false, sandbox: true, contextIsolation: true, nodeIntegration: false, webSecurity: true, partition: 'ledgerdesk-pdf' } });
    const url = window?.loaded[0] ?? '';
    expect(url).toMatch(/^http:\/\/print\.ledgerdesk\.invalid\/[0-9a-f-]{36}\.html$/);
    const [served] = fake.served;
    expect(served).toMatchObject({ url, allowed: true, body: ATTACK });
    expect(served?.headers.get('content-security-policy')).toBe(PRINTED_PAGE_CSP);
    expect(served?.responseHeaders['Content-Security-Policy']).toEqual([PRINTED_PAGE_CSP]);
    expect(window?.destroyed).toBe(true);
  });

  it('cancels every request that is not the page itself, and the page once printed', async () => {
    await createElectronPdfPrinter().print('<p>y</p>');
    const page = fake.windows.at(-1)?.loaded[0] ?? '';
    for (const [url, resourceType] of [
      ['file:///home/user/.ssh/id_rsa', 'subFrame'],
      ['file:///home/user/.ssh/id_rsa', 'mainFrame'],
      ['data:text/html,<p>z</p>', 'subFrame'],
      ['http://127.0.0.1:3000/admin', 'image'],
      ['https://example.com/logo.png', 'image'],
      [page, 'mainFrame'],
      [page, 'subFrame'],
    ]) {
      expect(await ask(fake.beforeRequest, { url, resourceType }), `${resourceType} ${url}`).toEqual({ cancel: true });
    }
    const handler = fake.protocols.get('http')!;
    expect((await handler(new Request(page))).type).toBe('error');
    expect((await handler(new Request('http://127.0.0.1:3000/admin'))).type).toBe('error');
    expect(await ask(fake.headersReceived, { url: 'http://127.0.0.1:3000/admin', responseHeaders: {} })).toEqual({ cancel: true });
  });

  it('refuses every permission the page could ask for', async () => {
    const granted = await new Promise<boolean>((resolve) => fake.permission?.({}, 'media', resolve));
    expect(granted).toBe(false);
  });
});

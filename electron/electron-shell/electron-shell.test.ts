/**
 * The product shell's security wiring, with Electron replaced by a recording fake (its runtime is not
 * on every machine): which IPC senders reach the core, what app:// serves, what is locked down.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CoreApp, EventListener } from '../core/app-types';
import { CONTENT_SECURITY_POLICY } from '../shell-common/csp';
import { EVENT_IPC_CHANNEL, GRANT_IPC_CHANNEL, INVOKE_IPC_CHANNEL } from '../shell-common/ipc-names';

type Handler = (...args: unknown[]) => unknown;

const fake = vi.hoisted(() => {
  const state = {
    ipcHandlers: new Map<string, (...args: unknown[]) => unknown>(),
    protocolHandlers: new Map<string, (request: Request) => Promise<Response>>(),
    privileged: [] as unknown[],
    appListeners: new Map<string, (...args: unknown[]) => unknown>(),
    forks: [] as Array<{ modulePath: string; args: string[]; options: { env: Record<string, string>; stdio: string | string[]; serviceName: string }; posted: unknown[]; listeners: Map<string, Handler> }>,
    /** The preload's side: what it exposed, what it sent to main, which Files have a place on disk. */
    exposed: new Map<string, unknown>(),
    rendererInvokes: [] as unknown[][],
    realFiles: new WeakMap<object, string>(),
  };
  return state;
});

vi.mock('electron', () => ({
  ipcMain: {
    handle: (channel: string, handler: Handler) => fake.ipcHandlers.set(channel, handler),
    removeHandler: (channel: string) => fake.ipcHandlers.delete(channel),
  },
  protocol: {
    registerSchemesAsPrivileged: (schemes: unknown[]) => fake.privileged.push(...schemes),
    handle: (scheme: string, handler: (request: Request) => Promise<Response>) => fake.protocolHandlers.set(scheme, handler),
  },
  app: { on: (event: string, listener: Handler) => fake.appListeners.set(event, listener) },
  utilityProcess: {
    fork: (modulePath: string, args: string[], options: (typeof fake.forks)[number]['options']) => {
      const listeners = new Map<string, Handler>();
      const posted: unknown[] = [];
      fake.forks.push({ modulePath, args, options, posted, listeners });
      return {
        pid: 4242,
        stdout: null,
        stderr: null,
        once: (event: string, listener: Handler) => listeners.set(event, listener),
        on: (event: string, listener: Handler) => listeners.set(event, listener),
        postMessage: (message: unknown) => posted.push(message),
        kill: () => {
          listeners.get('exit')?.(0);
          return true;
        },
      };
    },
  },
  contextBridge: { exposeInMainWorld: (key: string, api: unknown) => fake.exposed.set(key, api) },
  ipcRenderer: {
    on: () => undefined,
    invoke: (...args: unknown[]) => {
      fake.rendererInvokes.push(args);
      const [channel, ...rest] = args;
      // The preload's grant reaches main's handler as a trusted app-window call would.
      return Promise.resolve(fake.ipcHandlers.get(channel as string)?.({ sender: webContentsOfPreload(), senderFrame: webContentsOfPreload().mainFrame }, ...rest));
    },
  },
  // Electron answers '' for a File that has no place on disk (one made by a script).
  webUtils: { getPathForFile: (file: object) => fake.realFiles.get(file) ?? '' },
}));

const { connectCoreToWindow } = await import('./ipc-bridge');
const { registerAppScheme, serveRenderer, APP_ENTRY_URL } = await import('./app-protocol');
const { denyPermissions, lockDownAllWebContents } = await import('./hardening');
const { mainWindowOptions } = await import('./window-options');
const { utilityEmulatorHost } = await import('../electron-ports/utility-emulator-host');
const { utilityEngineProcess } = await import('../electron-ports/utility-engine-process');
const { createProcessStandardsEngine } = await import('../../standards/engine/remote');

const mainFrame = { processId: 4, routingId: 1, url: APP_ENTRY_URL };
const sent: unknown[][] = [];
const contentsListeners = new Map<string, Handler>();
const webContents = {
  id: 7,
  mainFrame,
  send: (...args: unknown[]) => sent.push(args),
  on: (event: string, listener: Handler) => contentsListeners.set(event, listener),
  once: (event: string, listener: Handler) => contentsListeners.set(event, listener),
};
const window = { webContents, isDestroyed: () => false };
function webContentsOfPreload() {
  return webContents;
}

const calls: string[] = [];
const contexts: unknown[] = [];
const granted: Array<{ paths: readonly string[]; window: string }> = [];
const revoked: string[] = [];
const listeners = new Set<EventListener>();
const core: Pick<CoreApp, 'handle' | 'onEvent' | 'grantFiles' | 'revokeGrants'> = {
  handle: async (channel, _payload, context) => {
    calls.push(channel);
    contexts.push(context);
    return { ok: true, value: channel };
  },
  grantFiles: async (paths, window) => {
    granted.push({ paths, window });
    // As the real core: an empty path (no place on disk) grants nothing.
    return paths.map((path) => (path === '' ? null : { handle: `fh_for-${path.length}`, kind: 'file', name: 'x', label: path }));
  },
  revokeGrants: (window) => revoked.push(window),
  onEvent: (listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

const invoke = (event: unknown, channel: unknown, payload: unknown = {}): Promise<unknown> =>
  Promise.resolve(fake.ipcHandlers.get(INVOKE_IPC_CHANNEL)?.(event, channel, payload));

const warnings: Array<{ message: string; fields?: Record<string, unknown> }> = [];

describe('IPC bridge', () => {
  beforeAll(() => {
    connectCoreToWindow(core, () => window as never, { warn: (message, fields) => warnings.push({ message, ...(fields ? { fields } : {}) }) });
  });

  it("routes calls from the app window's main frame to the core", async () => {
    expect(await invoke({ sender: webContents, senderFrame: mainFrame }, 'session.status')).toEqual({ ok: true, value: 'session.status' });
  });

  it('refuses calls from a subframe, another page or another window, without reaching the core', async () => {
    const before = calls.length;
    const refusals = [
      { sender: webContents, senderFrame: { ...mainFrame, routingId: 7 } },
      { sender: webContents, senderFrame: { ...mainFrame, url: 'https://evil.example/' } },
      { sender: webContents, senderFrame: { ...mainFrame, url: 'file:///etc/passwd' } },
      { sender: { mainFrame }, senderFrame: mainFrame },
      { sender: webContents, senderFrame: null },
    ];
    for (const event of refusals) expect(await invoke(event, 'session.status')).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(calls.length).toBe(before);
  });

  it('logs each refused sender once, without the query or fragment of its URL', async () => {
    warnings.length = 0;
    const evil = { sender: webContents, senderFrame: { ...mainFrame, url: 'https://evil.example/page?token=abc#x' } };
    for (let i = 0; i < 5; i += 1) await invoke(evil, 'session.status');
    await invoke({ sender: webContents, senderFrame: { ...mainFrame, routingId: 9 } }, 'documents.list');
    expect(warnings.map((w) => w.fields?.sender)).toEqual([
      'https://evil.example/page (web contents 7, frame 4:1)',
      'app://ledgerdesk/index.html (web contents 7, frame 4:9)',
    ]);
    expect(JSON.stringify(warnings)).not.toContain('token=abc');
  });

  it('tells the core which window a call comes from (its handles are resolved for that window only)', async () => {
    await invoke({ sender: webContents, senderFrame: mainFrame }, 'uploads.list');
    expect(contexts.at(-1)).toMatchObject({ window: 'electron:7' });
  });

  it('grants files only to the app window, and forgets them when the window reloads or closes', async () => {
    const grant = (event: unknown, paths: unknown) => Promise.resolve(fake.ipcHandlers.get(GRANT_IPC_CHANNEL)?.(event, paths));
    expect(await grant({ sender: webContents, senderFrame: { ...mainFrame, url: 'https://evil.example/' } }, ['/etc/passwd'])).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await grant({ sender: webContents, senderFrame: mainFrame }, [42])).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    expect(granted).toEqual([]);
    expect(await grant({ sender: webContents, senderFrame: mainFrame }, ['/home/me/a.xml'])).toMatchObject({ ok: true, value: [{ handle: expect.any(String) }] });
    expect(granted).toEqual([{ paths: ['/home/me/a.xml'], window: 'electron:7' }]);
    contentsListeners.get('did-navigate')?.();
    contentsListeners.get('destroyed')?.();
    expect(revoked).toEqual(['electron:7', 'electron:7']);
    granted.length = 0;
  });

  it('answers a non-string channel with bad_request', async () => {
    expect(await invoke({ sender: webContents, senderFrame: mainFrame }, 42)).toMatchObject({ ok: false, error: { code: 'bad_request' } });
  });

  it('forwards core events to the window', () => {
    for (const listener of listeners) listener('preferences.changed', { theme: 'dark', language: 'en' });
    expect(sent).toContainEqual([EVENT_IPC_CHANNEL, 'preferences.changed', { theme: 'dark', language: 'en' }]);
  });
});

describe('preload', () => {
  type Exposed = { grantFiles(files: unknown): Promise<unknown>; invoke(channel: unknown, payload: unknown): Promise<unknown> };
  const exposed = async (): Promise<Exposed> => {
    await import('../preload');
    return fake.exposed.get('acube') as Exposed;
  };

  it('grants a really dropped File by the path Electron knows for it, and sends main no path for a File made up by a script', async () => {
    const acube = await exposed();
    const dropped = new File(['<a/>'], 'a.xml');
    fake.realFiles.set(dropped, '/home/me/invoices/a.xml');
    const fabricated = new File(['{}'], 'vault.json');
    expect(await acube.grantFiles([fabricated])).toEqual([null]);
    expect(fake.rendererInvokes.filter(([channel]) => channel === GRANT_IPC_CHANNEL)).toEqual([]);
    const answer = (await acube.grantFiles([dropped, fabricated, 'not a file'])) as Array<{ handle: string } | null>;
    expect(answer[0]?.handle).toEqual(expect.any(String));
    expect(answer.slice(1)).toEqual([null, null]);
    expect(granted).toEqual([{ paths: ['/home/me/invoices/a.xml', '', ''], window: 'electron:7' }]);
  });

  it('exposes no way to reach the grant channel by name', async () => {
    const acube = await exposed();
    expect(await acube.invoke(GRANT_IPC_CHANNEL, ['/etc/passwd'])).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    expect(Object.keys(acube).sort()).toEqual(['grantFiles', 'invoke', 'on']);
  });
});

describe('app:// protocol', () => {
  let rendererDir: string;
  beforeAll(async () => {
    rendererDir = await mkdtemp(join(tmpdir(), 'ledgerdesk-app-protocol-'));
    await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>app</title>');
    await writeFile(join(rendererDir, 'worker.mjs'), 'export {};');
    registerAppScheme();
    serveRenderer(rendererDir);
  });
  afterAll(() => rm(rendererDir, { recursive: true, force: true }));

  const get = (url: string): Promise<Response> => fake.protocolHandlers.get('app')!(new Request(url));

  it('is registered as a standard, secure scheme', () => {
    expect(fake.privileged).toContainEqual({ scheme: 'app', privileges: expect.objectContaining({ standard: true, secure: true }) });
  });

  it('serves the renderer with the strict CSP and the right MIME types', async () => {
    const index = await get(APP_ENTRY_URL);
    expect(index.status).toBe(200);
    expect(index.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(await index.text()).toContain('<title>app</title>');
    expect((await get('app://ledgerdesk/worker.mjs')).headers.get('content-type')).toMatch(/^text\/javascript/);
  });

  it('serves nothing outside the renderer folder or for another host', async () => {
    for (const url of ['app://ledgerdesk/%2e%2e/%2e%2e/etc/passwd', 'app://ledgerdesk/..%2f..%2f..%2fetc%2fpasswd']) {
      expect(await (await get(url)).text()).not.toContain('root:');
    }
    expect((await get('app://ledgerdesk/%2e%2e/%2e%2e/etc/hostname.txt')).status).toBe(404);
    expect((await get('app://elsewhere/index.html')).status).toBe(404);
  });
});

describe('lock-down', () => {
  it('denies permissions except clipboard writes from the app', () => {
    let requestHandler: Handler = () => undefined;
    let checkHandler: Handler = () => undefined;
    denyPermissions({
      setPermissionRequestHandler: (handler: Handler) => (requestHandler = handler),
      setPermissionCheckHandler: (handler: Handler) => (checkHandler = handler),
    } as never);
    const answers: boolean[] = [];
    requestHandler({ getURL: () => APP_ENTRY_URL }, 'media', (granted: boolean) => answers.push(granted));
    requestHandler({ getURL: () => APP_ENTRY_URL }, 'geolocation', (granted: boolean) => answers.push(granted));
    requestHandler({ getURL: () => 'https://evil.example/' }, 'clipboard-sanitized-write', (granted: boolean) => answers.push(granted));
    expect(answers).toEqual([false, false, false]);
    expect(checkHandler(null, 'notifications', 'app://ledgerdesk')).toBe(false);
    expect(checkHandler(null, 'clipboard-sanitized-write', 'app://ledgerdesk')).toBe(true);
  });

  it('blocks navigation away, redirects, webviews and new windows in every web contents', () => {
    lockDownAllWebContents();
    const handlers = new Map<string, Handler>();
    let openHandler: Handler = () => undefined;
    const contents = {
      on: (event: string, handler: Handler) => handlers.set(event, handler),
      setWindowOpenHandler: (handler: Handler) => (openHandler = handler),
    };
    fake.appListeners.get('web-contents-created')?.({}, contents);
    const prevented = (event: string, url?: string): boolean => {
      let wasPrevented = false;
      handlers.get(event)?.({ preventDefault: () => (wasPrevented = true) }, url);
      return wasPrevented;
    };
    expect(prevented('will-navigate', 'https://evil.example/')).toBe(true);
    expect(prevented('will-redirect', 'https://evil.example/')).toBe(true);
    expect(prevented('will-attach-webview')).toBe(true);
    expect(prevented('will-navigate', 'app://ledgerdesk/index.html')).toBe(false);
    expect(openHandler({ url: 'https://evil.example/' })).toEqual({ action: 'deny' });
  });
});

describe('window and content security policy', () => {
  it('the window runs the renderer isolated, sandboxed, without Node and with web security', () => {
    const { webPreferences } = mainWindowOptions('/app/dist/electron/preload.cjs');
    expect(webPreferences).toEqual({
      preload: '/app/dist/electron/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      spellcheck: false,
    });
    expect(webPreferences).not.toHaveProperty('enableBlinkFeatures');
  });

  it('the CSP allows scripts from the app only, never eval, objects, remote connections or framing', () => {
    const directives = new Map(CONTENT_SECURITY_POLICY.split(';').map((part) => {
      const [name, ...values] = part.trim().split(/\s+/);
      return [name as string, values];
    }));
    expect(directives.get('default-src')).toEqual(["'self'"]);
    // 'wasm-unsafe-eval' allows compiling WebAssembly (pdf.js image decoders), not JavaScript eval.
    expect(directives.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/'unsafe-eval'|'unsafe-hashes'|\*|https?:|'strict-dynamic'/);
    expect(directives.get('connect-src')).toEqual(["'self'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('base-uri')).toEqual(["'none'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
  });
});

describe('emulator in a utility process', () => {
  it('forks the bundled emulator without ELECTRON_RUN_AS_NODE and reports its exit', async () => {
    const before = process.env.ELECTRON_RUN_AS_NODE;
    process.env.ELECTRON_RUN_AS_NODE = '1';
    try {
      const proc = utilityEmulatorHost.spawn({ command: '/opt/Ledgerdesk/ledgerdesk', args: [] }, ['/app/dist/emulator/cli.mjs', '--port', '0', '--parent-pid', '7']);
      expect(fake.forks.at(-1)).toMatchObject({ modulePath: '/app/dist/emulator/cli.mjs', args: ['--port', '0', '--parent-pid', '7'], options: { stdio: 'pipe' } });
      expect(fake.forks.at(-1)?.options.env).not.toHaveProperty('ELECTRON_RUN_AS_NODE');
      expect(utilityEmulatorHost.pipesStdin).toBe(false);
      expect(proc.pid).toBe(4242);
      const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
      proc.kill();
      expect(await exited).toBe(0);
      expect(proc.exitCode).toBe(0);
    } finally {
      if (before === undefined) delete process.env.ELECTRON_RUN_AS_NODE;
      else process.env.ELECTRON_RUN_AS_NODE = before;
    }
  });
});

describe('validation engine in a utility process', () => {
  it('forks the bundled engine host without ELECTRON_RUN_AS_NODE, talks to it by message, and fails its validation when it exits', async () => {
    const before = process.env.ELECTRON_RUN_AS_NODE;
    process.env.ELECTRON_RUN_AS_NODE = '1';
    try {
      const engine = createProcessStandardsEngine({ launch: utilityEngineProcess, entry: '/app/dist/standards/standards-host.mjs' });
      const bytes = new TextEncoder().encode('<Invoice/>');
      const validation = engine.validate(bytes, { schemaOnly: true });
      const fork = fake.forks.at(-1)!;
      expect(fork).toMatchObject({ modulePath: '/app/dist/standards/standards-host.mjs', args: [], options: { serviceName: 'Ledgerdesk validation' } });
      expect(fork.options.env).not.toHaveProperty('ELECTRON_RUN_AS_NODE');
      expect(fork.posted).toEqual([{ id: 1, type: 'validate', bytes, schemaOnly: true }]);
      // The host's answer arrives as a structured clone on the process's 'message' event.
      const result = { kind: 'invoice', ruleSet: { code: 'x', name: 'x', version: '1' }, valid: true, fatal: [], warnings: [], artefacts: [], durationMs: 5 };
      fork.listeners.get('message')?.({ id: 1, type: 'result', result });
      await expect(validation).resolves.toEqual(result);
      const second = engine.validate(bytes);
      fork.listeners.get('exit')?.(9);
      await expect(second).rejects.toMatchObject({ code: 'engine', message: expect.stringMatching(/stopped unexpectedly/) });
    } finally {
      if (before === undefined) delete process.env.ELECTRON_RUN_AS_NODE;
      else process.env.ELECTRON_RUN_AS_NODE = before;
    }
  });
});

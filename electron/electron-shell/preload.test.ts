/**
 * The preload with Electron replaced by a recording fake: it exposes one object to the page, made of
 * functions only (no Electron or Node object leaks through), and refuses channels outside the contract
 * before anything reaches main.
 */
import { describe, expect, it, vi } from 'vitest';

const fake = vi.hoisted(() => ({
  exposed: new Map<string, unknown>(),
  invoked: [] as unknown[][],
}));

vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, value: unknown) => fake.exposed.set(key, value) },
  ipcRenderer: {
    on: () => undefined,
    invoke: (...args: unknown[]) => {
      fake.invoked.push(args);
      return Promise.resolve({ ok: true, value: null });
    },
    send: () => undefined,
  },
  webUtils: { getPathForFile: () => '/tmp/x' },
}));

await import('../preload');

describe('preload', () => {
  it('exposes only window.acube, made of functions', () => {
    expect([...fake.exposed.keys()]).toEqual(['acube']);
    const acube = fake.exposed.get('acube') as Record<string, unknown>;
    expect(typeof acube.invoke).toBe('function');
    expect(typeof acube.on).toBe('function');
    for (const value of Object.values(acube)) expect(typeof value).toBe('function');
  });

  it('refuses a channel outside the contract without reaching main', async () => {
    const acube = fake.exposed.get('acube') as { invoke: (channel: unknown, payload: unknown) => Promise<unknown> };
    const before = fake.invoked.length;
    expect(await acube.invoke('fs.readFile', { path: '/etc/passwd' })).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    expect(fake.invoked.length).toBe(before);
    await acube.invoke('session.status', {});
    expect(fake.invoked.length).toBe(before + 1);
  });

  it('refuses to subscribe to an event outside the contract', () => {
    const acube = fake.exposed.get('acube') as { on: (event: unknown, listener: unknown) => unknown };
    expect(() => acube.on('ipc.everything', () => undefined)).toThrow(/Unknown event/);
  });
});

import { describe, expect, it } from 'vitest';
import { AppError } from '../../../shared/contract/errors';
import { createFakeAcube, fail, ok } from '../test/fake-acube';
import { createBridgeClient, type ReloginCoordinator } from './client';

const profilesState = { profiles: [], activeId: 'local-emulator' };

describe('bridge client', () => {
  it('unwraps a successful envelope and sends {} for channels without input', async () => {
    const fake = createFakeAcube({ 'profiles.list': () => ok(profilesState) });
    const bridge = createBridgeClient(fake.acube);
    await expect(bridge.invoke('profiles.list')).resolves.toEqual(profilesState);
    expect(fake.calls).toEqual([{ channel: 'profiles.list', payload: {} }]);
  });

  it('throws an AppError carrying the code, message and status of a failed envelope', async () => {
    const fake = createFakeAcube({
      'profiles.delete': () => ({ ok: false, error: { code: 'conflict', message: 'The active profile cannot be deleted.', status: 409 } }),
    });
    const error = await createBridgeClient(fake.acube).invoke('profiles.delete', { id: 'sandbox' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'conflict', message: 'The active profile cannot be deleted.', status: 409 });
  });

  it('turns an unreadable answer into bad_response and a rejected invoke into internal', async () => {
    const fake = createFakeAcube({
      'app.info': () => ({ nonsense: true }) as never,
      'preferences.get': () => ({ ok: false, error: { code: 'no-such-code', message: 'x' } }) as never,
    });
    fake.handlers['emulator.status'] = () => Promise.reject(new Error('socket hang up'));
    const bridge = createBridgeClient(fake.acube);
    await expect(bridge.invoke('app.info')).rejects.toMatchObject({ code: 'bad_response' });
    await expect(bridge.invoke('preferences.get')).rejects.toMatchObject({ code: 'bad_response' });
    await expect(bridge.invoke('emulator.status')).rejects.toMatchObject({ code: 'internal', message: expect.stringContaining('socket hang up') });
  });

  it('delivers typed events and stops after unsubscribe', () => {
    const fake = createFakeAcube();
    const bridge = createBridgeClient(fake.acube);
    const seen: string[] = [];
    const off = bridge.on('emulator.changed', (status) => seen.push(status.state));
    fake.emit('emulator.changed', { state: 'starting' });
    off();
    fake.emit('emulator.changed', { state: 'running' });
    expect(seen).toEqual(['starting']);
  });
});

describe('bridge client re-login', () => {
  /** A channel that answers unauthorized until `signedInAgain` flips. */
  function setup(options: { signedIn?: boolean; outcome?: 'signIn' | 'signOut' } = {}) {
    let signedInAgain = false;
    const fake = createFakeAcube({
      'preferences.set': (payload) =>
        signedInAgain ? ok({ theme: 'dark', language: 'en', echoed: payload }) : fail('unauthorized', 'Token expired.'),
      'session.login': () => fail('unauthorized', 'Invalid credentials.'),
    });
    let reloginCalls = 0;
    const coordinator: ReloginCoordinator = {
      isSignedIn: () => options.signedIn ?? true,
      relogin: async () => {
        reloginCalls += 1;
        await Promise.resolve();
        if (options.outcome === 'signOut') throw new AppError('unauthorized', 'Signed out.');
        signedInAgain = true;
      },
    };
    const bridge = createBridgeClient(fake.acube);
    bridge.setReloginCoordinator(coordinator);
    return { fake, bridge, reloginCalls: () => reloginCalls };
  }

  it('asks for a re-login on unauthorized and retries the same call once', async () => {
    const { fake, bridge, reloginCalls } = setup();
    await expect(bridge.invoke('preferences.set', { theme: 'dark' })).resolves.toMatchObject({ echoed: { theme: 'dark' } });
    expect(reloginCalls()).toBe(1);
    expect(fake.callsOf('preferences.set').map((c) => c.payload)).toEqual([{ theme: 'dark' }, { theme: 'dark' }]);
  });

  it('shares one re-login between calls that fail together', async () => {
    const { bridge, reloginCalls } = setup();
    await Promise.all([bridge.invoke('preferences.set', { theme: 'dark' }), bridge.invoke('preferences.set', { language: 'it' })]);
    expect(reloginCalls()).toBe(1);
  });

  it('keeps the original error when the user signs out instead', async () => {
    const { fake, bridge } = setup({ outcome: 'signOut' });
    await expect(bridge.invoke('preferences.set', { theme: 'dark' })).rejects.toMatchObject({ code: 'unauthorized', message: 'Token expired.' });
    expect(fake.callsOf('preferences.set')).toHaveLength(1);
  });

  it('does not ask when the UI was not signed in', async () => {
    const { bridge, reloginCalls } = setup({ signedIn: false });
    await expect(bridge.invoke('preferences.set', { theme: 'dark' })).rejects.toMatchObject({ code: 'unauthorized' });
    expect(reloginCalls()).toBe(0);
  });

  it('never treats a failed sign-in as an expired session', async () => {
    const { bridge, reloginCalls } = setup();
    await expect(bridge.invoke('session.login', { email: 'a@b.c', password: 'x' })).rejects.toMatchObject({
      code: 'unauthorized',
      message: 'Invalid credentials.',
    });
    expect(reloginCalls()).toBe(0);
  });

  it('retries only once: a second unauthorized reaches the caller', async () => {
    const fake = createFakeAcube({ 'preferences.set': () => fail('unauthorized', 'Still expired.') });
    const bridge = createBridgeClient(fake.acube);
    let asked = 0;
    bridge.setReloginCoordinator({ isSignedIn: () => true, relogin: async () => void (asked += 1) });
    await expect(bridge.invoke('preferences.set', { theme: 'light' })).rejects.toMatchObject({ message: 'Still expired.' });
    expect(asked).toBe(1);
    expect(fake.callsOf('preferences.set')).toHaveLength(2);
  });
});

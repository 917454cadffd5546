import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../shared/contract';
import { createCoreApp, type CoreAppWithServices } from './app';
import type { HandlerFactory } from './handlers';
import { createMemoryPorts, type MemoryPorts } from './testing/memory-ports';
import { EventRecorder } from './testing/events';

const ctx = { caller: 'test' };
let app: CoreAppWithServices | undefined;

function makeApp(ports: MemoryPorts = createMemoryPorts(), handlers: HandlerFactory[] = []): CoreAppWithServices {
  app = createCoreApp(ports, { emulator: { autoStart: false }, handlers });
  return app;
}

afterEach(async () => {
  await app?.dispose();
  app = undefined;
});

describe('app.handle', () => {
  it('answers an unknown channel with bad_request naming the channel', async () => {
    const result = await makeApp().handle('documents.explode', {}, ctx);
    expect(result).toEqual({ ok: false, error: { code: 'bad_request', message: 'Unknown channel "documents.explode".', details: { userMessage: { key: 'app.channelUnknown', params: {} } } } });
  });

  it('refuses non-string channels and prototype keys without throwing', async () => {
    const core = makeApp();
    expect((await core.handle(42 as unknown as string, {}, ctx)).ok).toBe(false);
    const proto = await core.handle('__proto__', {}, ctx);
    expect(proto).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    expect((await core.handle('toString', {}, ctx)).ok).toBe(false);
  });

  it('explains a bad payload with the field and the reason, without echoing secrets', async () => {
    const result = await makeApp().handle('session.login', { email: '', password: 'hunter2-secret' }, ctx);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('bad_request');
    expect(result.error.message).toBe('Invalid input for session.login: email: Enter your e-mail address.');
    expect(result.error.details).toEqual({
      issues: [{ path: 'email', message: 'Enter your e-mail address.', code: 'too_small' }],
      userMessage: { key: 'app.invalidInput', params: { said: 'email: Enter your e-mail address.' } },
    });
    expect(JSON.stringify(result)).not.toContain('hunter2-secret');
  });

  it('names missing fields as required', async () => {
    const result = await makeApp().handle('session.login', { email: 'a@b.test' }, ctx);
    expect(result).toMatchObject({ ok: false, error: { code: 'bad_request', message: 'Invalid input for session.login: password: is required' } });
  });

  it('rejects unknown keys on channels without input', async () => {
    const result = await makeApp().handle('session.status', { surprise: 1 }, ctx);
    expect(result).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    if (!result.ok) expect(result.error.message).toContain('surprise');
  });

  it('turns an unexpected exception into a safe internal error and logs the detail redacted', async () => {
    const ports = createMemoryPorts();
    const core = makeApp(ports);
    ports.settings.get = () => {
      throw new Error('disk on fire, password=hunter2');
    };
    const result = await core.handle('preferences.get', {}, ctx);
    expect(result).toEqual({
      ok: false,
      error: { code: 'internal', message: 'Something went wrong inside the app. The details are in the log.', details: { userMessage: { key: 'app.unexpected', params: {} } } },
    });
    expect(ports.logger.text()).toContain('disk on fire');
    expect(ports.logger.text()).not.toContain('hunter2');
  });

  it('passes AppErrors from handlers through as they are', async () => {
    const ports = createMemoryPorts();
    const core = makeApp(ports);
    ports.settings.get = () => {
      throw new AppError('file', 'The settings file is not writable.', { details: { path: '/x' } });
    };
    const result = await core.handle('preferences.get', {}, ctx);
    expect(result).toEqual({ ok: false, error: { code: 'file', message: 'The settings file is not writable.', details: { path: '/x' } } });
  });

  it('refuses two areas registering the same channel', () => {
    const duplicate: HandlerFactory = () => ({ 'app.info': () => Promise.reject(new Error('never')) });
    expect(() => makeApp(createMemoryPorts(), [duplicate])).toThrow('Two handlers were registered for the channel "app.info".');
  });
});

describe('app.info and preferences', () => {
  it('describes the app and how secrets are stored', async () => {
    const result = await makeApp().handle('app.info', undefined, ctx);
    expect(result).toEqual({
      ok: true,
      value: { version: '0.0.0-test', shell: 'browser', nativeDialogs: false, platform: process.platform, secretStorage: expect.objectContaining({ backend: 'memory', secure: false }) },
    });
  });

  it('keeps preferences, announces changes, and survives a restart', async () => {
    const ports = createMemoryPorts();
    const core = makeApp(ports);
    const events = new EventRecorder(core);
    expect(await core.handle('preferences.get', {}, ctx)).toEqual({ ok: true, value: { theme: 'system', language: 'en' } });
    expect(await core.handle('preferences.set', { theme: 'dark' }, ctx)).toEqual({ ok: true, value: { theme: 'dark', language: 'en' } });
    expect(events.of('preferences.changed')).toEqual([{ theme: 'dark', language: 'en' }]);
    // Changing only the language keeps the chosen theme.
    expect(await core.handle('preferences.set', { language: 'it' }, ctx)).toEqual({ ok: true, value: { theme: 'dark', language: 'it' } });
    expect(await core.handle('preferences.set', { language: 'en' }, ctx)).toEqual({ ok: true, value: { theme: 'dark', language: 'en' } });
    await core.dispose();

    const again = makeApp(createMemoryPorts({ settings: ports.settings }));
    expect(await again.handle('preferences.get', {}, ctx)).toEqual({ ok: true, value: { theme: 'dark', language: 'en' } });
  });

  it('refuses an unknown theme and keeps valid parts of damaged saved preferences', async () => {
    const ports = createMemoryPorts();
    ports.settings.set('preferences', { theme: 'purple', language: 'it' });
    const core = makeApp(ports);
    expect(await core.handle('preferences.set', { theme: 'neon' }, ctx)).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    expect(await core.handle('preferences.get', {}, ctx)).toEqual({ ok: true, value: { theme: 'system', language: 'it' } });
  });
});

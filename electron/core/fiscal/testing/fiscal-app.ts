/**
 * A core app on a remote profile that points at an in-process test emulator (its CA as the
 * profile's extra CA), signed in with a demo account, with the real clock for the report poller.
 * Start the emulator with `processingDelayMs` ≥ 1000: it stamps report requests to the second, so
 * shorter parts may all be done by the time a request is answered.
 */
import fs from 'node:fs/promises';
import type { AppErrorShape, ChannelInput, ChannelName, ChannelOutput } from '../../../../shared/contract';
import { createCoreApp, type CoreAppWithServices } from '../../app';
import { createSystemClock } from '../../node-ports/clock';
import type { Ports } from '../../ports';
import { EventRecorder } from '../../testing/events';
import { createMemoryPorts, type MemoryPorts } from '../../testing/memory-ports';

/** What the helper needs of a test emulator (the test file starts it: the core may not import the emulator). */
export interface EmulatorUnderTest {
  urls: { authUrl: string; documentsUrl: string; transferUrl: string; fiscalUrl: string; fiscalMtlsUrl: string };
  context: { pki: { caCertPath: string }; accounts: Array<{ name: string; email: string; password: string }> };
}

export interface FiscalTestApp {
  app: CoreAppWithServices;
  ports: MemoryPorts & Ports;
  events: EventRecorder;
  call<C extends ChannelName>(channel: C, payload: ChannelInput<C>): Promise<ChannelOutput<C>>;
  /** The error of a call that must fail (the payload is not type-checked: tests send bad ones). */
  failure(channel: ChannelName, payload: unknown): Promise<AppErrorShape>;
  close(): Promise<void>;
}

export async function startFiscalTestApp(emulator: EmulatorUnderTest, options: { account?: string } = {}): Promise<FiscalTestApp> {
  const memory = createMemoryPorts();
  const ports = { ...memory, clock: createSystemClock() } as unknown as MemoryPorts & Ports;
  const app = createCoreApp(ports, { emulator: { autoStart: false } });
  const events = new EventRecorder(app);
  const context = { caller: 'test' };

  const call = async <C extends ChannelName>(channel: C, payload: ChannelInput<C>): Promise<ChannelOutput<C>> => {
    const result = await app.handle(channel, payload, context);
    if (!result.ok) throw Object.assign(new Error(`${channel}: ${result.error.message}`), result.error);
    return result.value as ChannelOutput<C>;
  };
  const failure = async (channel: ChannelName, payload: unknown): Promise<AppErrorShape> => {
    const result = await app.handle(channel, payload, context);
    if (result.ok) throw new Error(`${channel} unexpectedly succeeded`);
    return result.error;
  };

  const { urls } = emulator;
  await call('profiles.save', {
    id: 'emulator-under-test',
    name: 'Emulator under test',
    kind: 'remote',
    environment: 'sandbox',
    urls: { authUrl: urls.authUrl, documentsUrl: urls.documentsUrl, transferUrl: urls.transferUrl, fiscalUrl: urls.fiscalUrl, fiscalMtlsUrl: urls.fiscalMtlsUrl },
    extraCaPem: await fs.readFile(emulator.context.pki.caCertPath, 'utf8'),
  });
  await call('profiles.activate', { id: 'emulator-under-test' });
  const account = emulator.context.accounts.find((candidate) => candidate.name === (options.account ?? 'full'));
  if (!account) throw new Error('The emulator has no such demo account');
  await call('session.login', { email: account.email, password: account.password });

  return {
    app,
    ports,
    events,
    call,
    failure,
    close: () => app.dispose(),
  };
}

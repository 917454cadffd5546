/**
 * The engine in its own process, as the app core runs it: the same results as in process, and a
 * process that dies (crash, out-of-memory kill) costs the validation it was running, not the next.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { getPriority } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { isProcessAlive } from '../../electron/core/testing/processes';
import { fixtureBytes } from '../test-support/fixtures';
import type { EngineChannel } from './host-protocol';
import { createProcessStandardsEngine, ENGINE_NICENESS, forkNodeEngineProcess } from './remote';
import { MAX_DOCUMENT_BYTES, type ValidationProgress, ValidationFailure } from './types';
import type { StandardsEngine } from './engine';

const invoice = () => fixtureBytes('peppol-bis-invoice-3/base-example.xml');

const failureOf = async (promise: Promise<unknown>): Promise<ValidationFailure> => {
  const error = await promise.then(() => undefined, (caught: unknown) => caught);
  expect(error).toBeInstanceOf(ValidationFailure);
  return error as ValidationFailure;
};

const exited = (channel: EngineChannel): Promise<number | null> => new Promise((resolve) => channel.onExit(resolve));

let engine: StandardsEngine | undefined;
afterEach(async () => {
  await engine?.close();
  engine = undefined;
});

const recorded = () => {
  const launched: EngineChannel[] = [];
  engine = createProcessStandardsEngine({
    launch: (entry) => {
      const channel = forkNodeEngineProcess(entry);
      launched.push(channel);
      return channel;
    },
  });
  return { engine, launched };
};

describe('standards engine in its own process', () => {
  it('validates in a child process, with the progress of each layer, as the engine does in process', async () => {
    const { engine, launched } = recorded();
    const seen: ValidationProgress[] = [];
    const result = await engine.validate(invoice(), { onProgress: (update) => seen.push(update) });
    expect(result).toMatchObject({ valid: true, ruleSet: { code: 'peppol-bis-billing-3.0-invoice' } });
    expect(result.artefacts.map((artefact) => artefact.name)).toEqual(['UBL Invoice schema (UBL-Invoice-2.1.xsd)', 'CEN EN 16931 UBL rules', 'Peppol BIS Billing 3.0 rules']);
    expect(seen.map((update) => update.artefact)).toEqual(expect.arrayContaining(['CEN EN 16931 UBL rules', 'Peppol BIS Billing 3.0 rules']));
    expect(launched).toHaveLength(1);
    expect(launched[0]?.pid).toBeGreaterThan(0);
    expect(launched[0]?.pid).not.toBe(process.pid);
    // Background work: when the processor is busy, the window and the uploads come first.
    expect(getPriority(launched[0]!.pid)).toBe(Math.min(19, getPriority() + ENGINE_NICENESS));
    // Failures keep their codes across the process boundary.
    expect((await failureOf(engine.validate(new TextEncoder().encode('<Invoice')))).code).toBe('not_xml');
    expect(launched).toHaveLength(1);
  }, 600_000);

  it('fails the running validation with an engine error when its process dies, and starts a new one for the next', async () => {
    const { engine, launched } = recorded();
    await engine.validate(invoice(), { schemaOnly: true });
    const running = engine.validate(invoice());
    launched[0]!.kill();
    const failure = await failureOf(running);
    expect(failure.code).toBe('engine');
    expect(failure.message).toMatch(/stopped unexpectedly/);
    await expect(engine.validate(invoice())).resolves.toMatchObject({ valid: true });
    expect(launched).toHaveLength(2);
  }, 600_000);

  it('answers a cancel at once; the process stays and validates the next document', async () => {
    const { engine, launched } = recorded();
    const control = new AbortController();
    const running = engine.validate(invoice(), { signal: control.signal });
    control.abort();
    expect((await failureOf(running)).code).toBe('cancelled');
    await expect(engine.validate(invoice())).resolves.toMatchObject({ valid: true });
    expect(launched).toHaveLength(1);
  }, 600_000);

  it('refuses a document over the size limit without starting a process, and ends its process on close', async () => {
    const { engine, launched } = recorded();
    const tooLarge = new Uint8Array(MAX_DOCUMENT_BYTES + 1);
    expect((await failureOf(engine.validate(tooLarge))).code).toBe('too_large');
    expect(launched).toHaveLength(0);
    await engine.validate(invoice(), { schemaOnly: true });
    const gone = exited(launched[0]!);
    await engine.close();
    await expect(gone).resolves.toBeDefined();
    expect((await failureOf(engine.validate(invoice()))).code).toBe('engine');
  }, 600_000);
});


describe('standards engine process lifetime', () => {
  it('fails plainly, without hanging, when its process cannot start', async () => {
    engine = createProcessStandardsEngine({ entry: join(__dirname, 'no-such-host.mjs') });
    const failure = await failureOf(engine.validate(invoice()));
    expect(failure.code).toBe('engine');
    expect(failure.message).toMatch(/stopped unexpectedly/);
  }, 60_000);

  it('ends when the core that started it is killed outright', async () => {
    const parent = spawn(process.execPath, ['--import', 'tsx', join(__dirname, '..', 'test-support', 'engine-parent.ts')], { stdio: ['ignore', 'pipe', 'inherit'] });
    const [line] = (await once(parent.stdout, 'data')) as [Buffer];
    const enginePid = Number(line.toString().trim());
    expect(enginePid).toBeGreaterThan(0);
    expect(isProcessAlive(enginePid)).toBe(true);
    parent.kill('SIGKILL');
    await once(parent, 'exit');
    let waited = 0;
    while (isProcessAlive(enginePid) && waited < 20_000) {
      await sleep(100);
      waited += 100;
    }
    expect(isProcessAlive(enginePid)).toBe(false);
  }, 600_000);
});

import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emulatorLaunchFor, extraEmulatorArgs, splitArgs } from './emulator-launch';

describe('LEDGERDESK_EMULATOR_ARGS', () => {
  it('splits on whitespace and keeps quoted groups', () => {
    expect(splitArgs('  --token-ttl 15   --faults "upload503=0.2, latency=5-10" ')).toEqual([
      '--token-ttl',
      '15',
      '--faults',
      'upload503=0.2, latency=5-10',
    ]);
    expect(extraEmulatorArgs({})).toEqual([]);
    expect(extraEmulatorArgs({ LEDGERDESK_EMULATOR_ARGS: '--seed 7' })).toEqual(['--seed', '7']);
  });
});

describe('emulator launch', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'ledgerdesk-launch-'));
    await mkdir(join(root, 'emulator'));
    await mkdir(join(root, 'dist', 'emulator'), { recursive: true });
    await writeFile(join(root, 'emulator', 'cli.ts'), '');
    await writeFile(join(root, 'dist', 'emulator', 'cli.mjs'), '');
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  const base = { execPath: '/usr/bin/node', extraArgs: ['--token-ttl', '5'], resolveTsx: () => 'file:///tsx/loader.mjs' };

  it('runs the source through tsx when preferred', () => {
    expect(emulatorLaunchFor({ ...base, appRoot: root, prefer: 'source' })).toEqual({
      command: '/usr/bin/node',
      args: ['--import', 'file:///tsx/loader.mjs', join(root, 'emulator', 'cli.ts'), '--token-ttl', '5'],
    });
  });

  it('runs the bundle with extra env (Electron as Node) when preferred', () => {
    expect(emulatorLaunchFor({ ...base, appRoot: root, prefer: 'bundle', env: { ELECTRON_RUN_AS_NODE: '1' } })).toEqual({
      command: '/usr/bin/node',
      args: [join(root, 'dist', 'emulator', 'cli.mjs'), '--token-ttl', '5'],
      env: { ELECTRON_RUN_AS_NODE: '1' },
    });
  });

  it('prefers a bundle newer than the sources, and the source over a stale bundle', async () => {
    const bundle = join(root, 'dist', 'emulator', 'cli.mjs');
    const future = new Date(Date.now() + 60_000);
    await utimes(bundle, future, future);
    expect(emulatorLaunchFor({ ...base, appRoot: root, prefer: 'fresh-bundle' })?.args[0]).toBe(bundle);
    const past = new Date(Date.now() - 3_600_000);
    await utimes(bundle, past, past);
    expect(emulatorLaunchFor({ ...base, appRoot: root, prefer: 'fresh-bundle' })?.args[0]).toBe('--import');
  });

  it('falls back to the bundle without tsx, and is null with neither', () => {
    expect(emulatorLaunchFor({ ...base, appRoot: root, prefer: 'source', resolveTsx: () => null })?.args[0]).toBe(
      join(root, 'dist', 'emulator', 'cli.mjs'),
    );
    expect(emulatorLaunchFor({ ...base, appRoot: join(root, 'nowhere'), prefer: 'source' })).toBeNull();
  });
});

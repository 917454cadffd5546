import { existsSync, realpathSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const fixtures = '../shared/fixtures';

export default defineConfig({
  // Renderer tests read the public fixtures beside the repository (`../shared/fixtures`) with `?raw` imports.
  server: { fs: { allow: ['.', existsSync(fixtures) ? realpathSync(fixtures) : fixtures] } },
  test: {
    include: ['{electron,emulator,standards,shared,renderer,scripts,bench}/**/*.test.{ts,tsx}'],
    environment: 'node',
    globalSetup: ['./vitest.global-setup.ts'],
    // DOM tests: the UI's strings, which the app loads one language at a time, all loaded up front.
    setupFiles: ['./renderer/src/test/load-catalogs.ts'],
    // Guards against a hang, not measures: on a loaded 2-core machine (load 15 and more) a first validation
    // in the engine's niced process, or an emulator's first send through the official rules, takes minutes.
    testTimeout: 180_000,
    hookTimeout: 240_000,
    pool: 'forks',
    // Vitest's default is one fork fewer than the cores: ONE fork on a 2-core CI machine, the other core
    // mostly idle while a file waits on its emulator, its timers or its engine threads. A fork per core.
    maxWorkers: Math.max(2, availableParallelism()),
  },
});

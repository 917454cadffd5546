import { existsSync, realpathSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

const fixtures = '../shared/fixtures';

export default defineConfig({
  // Renderer tests read the public fixtures beside the repository (`../shared/fixtures`) with `?raw` imports.
  server: { fs: { allow: ['.', existsSync(fixtures) ? realpathSync(fixtures) : fixtures] } },
  test: {
    include: ['{electron,emulator,standards,shared,renderer,scripts,bench}/**/*.test.{ts,tsx}'],
    environment: 'node',
    globalSetup: ['./vitest.global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
  },
});

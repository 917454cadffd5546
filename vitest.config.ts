import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{electron,emulator,standards,shared,renderer,scripts,bench}/**/*.test.{ts,tsx}'],
    environment: 'node',
    globalSetup: ['./vitest.global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
  },
});

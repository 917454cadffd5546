import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [react()],
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 1500,
    // dist/renderer/.vite/manifest.json: which chunks the entry imports statically (the initial JS
    // that scripts/initial-js.test.ts keeps within its budget).
    manifest: true,
    rolldownOptions: {
      // Zod schema builders have no side effects: schemas no screen uses (e.g. the error-shape
      // schema next to AppError) must not pull zod into the first screen's JS.
      treeshake: { manualPureFunctions: ['z'] },
    },
  },
  server: { port: 5173, strictPort: false },
});

import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** Builds the renderer with `vite build` when `dist/renderer/index.html` is missing; logs to stderr. */
export const ensureRendererBuilt = async (repoRoot: string, log: (line: string) => void): Promise<string> => {
  const rendererDir = join(repoRoot, 'dist', 'renderer');
  if (existsSync(join(rendererDir, 'index.html'))) return rendererDir;
  const viteCli = join(repoRoot, 'node_modules', 'vite', 'bin', 'vite.js');
  if (!existsSync(viteCli)) {
    throw new Error(`The renderer is not built (${rendererDir}) and Vite is not installed to build it; run "npm ci" then "npm run build:renderer".`);
  }
  log('The renderer is not built yet: running "vite build" first (this takes a moment)…');
  await new Promise<void>((resolve, reject) => {
    // stdout goes to stderr too: the shell's stdout carries only its one JSON line.
    const child = spawn(process.execPath, [viteCli, 'build'], { cwd: repoRoot, stdio: ['ignore', 2, 2] });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`vite build failed (${signal ?? `exit code ${String(code)}`}).`));
    });
  });
  if (!existsSync(join(rendererDir, 'index.html'))) throw new Error(`vite build finished but ${rendererDir}/index.html is missing.`);
  log('Renderer built.');
  return rendererDir;
};

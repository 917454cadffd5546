/**
 * Save as PDF in the browser shell, which has no Electron: the system's Chromium prints the page
 * headless (`--print-to-pdf`), scripts forbidden by the page's CSP (and stripped), every host unresolvable and no proxy reachable,
 * from a private temporary profile. Chromium's PDF keeps the text (it is selectable and searchable).
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PdfPrinter } from '../ports';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable', '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome'];

export function findChromium(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const configured = env.CHROMIUM_PATH;
  if (configured && existsSync(configured)) return configured;
  return CANDIDATES.find((candidate) => existsSync(candidate));
}

export function createChromiumPdfPrinter(executable: string, timeoutMs = 60_000): PdfPrinter {
  return {
    engine: 'chromium',
    async print(html) {
      const dir = await mkdtemp(path.join(tmpdir(), 'ledgerdesk-pdf-'));
      try {
        const page = path.join(dir, 'document.html');
        const output = path.join(dir, 'document.pdf');
        await writeFile(page, html, 'utf8');
        const args = [
          '--headless',
          '--disable-gpu',
          '--no-first-run',
          '--no-default-browser-check',
          '--disable-extensions',
          '--disable-background-networking',
          '--host-resolver-rules=MAP * ~NOTFOUND',
          '--proxy-server=127.0.0.1:9',
          `--user-data-dir=${path.join(dir, 'profile')}`,
          '--no-pdf-header-footer',
          `--print-to-pdf=${output}`,
          ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
          `file://${page}`,
        ];
        await new Promise<void>((resolve, reject) => {
          execFile(executable, args, { timeout: timeoutMs, maxBuffer: 4 * 1024 * 1024 }, (error) => (error ? reject(error) : resolve()));
        });
        return new Uint8Array(await readFile(output));
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}

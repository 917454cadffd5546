/**
 * Save as PDF under Electron: the HTML is loaded in a hidden, offline window with JavaScript off,
 * no preload, a sandbox, every request refused (its own session partition), then printed with
 * `webContents.printToPDF`, which keeps the text selectable.
 */
import { BrowserWindow, session } from 'electron';
import type { PdfPrinter } from '../core/ports';

export function createElectronPdfPrinter(): PdfPrinter {
  return {
    engine: 'electron',
    async print(html) {
      const partition = 'ledgerdesk-pdf';
      const offline = session.fromPartition(partition, { cache: false });
      offline.webRequest.onBeforeRequest((details, callback) => callback({ cancel: !details.url.startsWith('data:') }));
      const window = new BrowserWindow({
        show: false,
        webPreferences: { javascript: false, sandbox: true, contextIsolation: true, nodeIntegration: false, partition, webSecurity: true },
      });
      try {
        window.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
        window.webContents.on('will-navigate', (event) => event.preventDefault());
        await window.loadURL(`data:text/html;charset=utf-8;base64,${Buffer.from(html, 'utf8').toString('base64')}`);
        const pdf = await window.webContents.printToPDF({ printBackground: true, pageSize: 'A4', generateDocumentOutline: true });
        return new Uint8Array(pdf);
      } finally {
        window.destroy();
      }
    },
  };
}

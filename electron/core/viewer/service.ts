/**
 * The viewer in the core: opens files (bytes from the renderer) in a worker thread (file-opener.ts), keeps the last few opened for
 * their stylesheet renders and attachments, renders with the official stylesheets (through the
 * StylesheetEngine seam) and prints HTML to PDF through the host's printer.
 */
import { randomUUID } from 'node:crypto';
import { AppError, because, reason, type Environment, type FilePayload, type RenderedDocument, type StylesheetId, type ViewerResult } from '../../../shared/contract';
import { sanitizeFileName } from '../../../shared/documents/file-name-template';
import { sandboxedHtml } from '../../../shared/viewer/sandboxed-html';
import type { PdfPrinter } from '../ports';
import { createThreadFileOpener, type FileOpener } from './file-opener';
import { unavailableStylesheetEngine, type StylesheetEngine } from './stylesheets';

const KEPT_FILES = 12;

export interface ViewerService {
  open(name: string, base64: string, destinationId?: string): Promise<ViewerResult>;
  openBytes(name: string, bytes: Uint8Array, destinationId?: string): Promise<ViewerResult>;
  render(id: string, index: number, stylesheet: StylesheetId): Promise<RenderedDocument>;
  pdf(html: string, fileName: string): Promise<FilePayload & { engine: 'electron' | 'chromium' | 'none' }>;
}

export function createViewerService(deps: { engine?: StylesheetEngine; printer?: PdfPrinter; opener?: FileOpener; now?: () => number; environment?: () => Environment } = {}): ViewerService {
  const engine = deps.engine ?? unavailableStylesheetEngine;
  const opener = deps.opener ?? createThreadFileOpener();
  const now = deps.now ?? (() => performance.now());
  const opened = new Map<string, { texts: string[]; labels: string[]; stylesheets: StylesheetId[][] }>();

  const service: ViewerService = {
    open(name, base64, destinationId) {
      return service.openBytes(name, Buffer.from(base64, 'base64'), destinationId);
    },
    async openBytes(name, bytes, destinationId) {
      const file = await opener.open(name, bytes, destinationId, deps.environment?.() ?? 'sandbox');
      for (const document of file.documents) {
        const unavailable = document.stylesheets.filter((sheet) => !engine.supports(sheet, document.formatLabel));
        document.stylesheets = document.stylesheets.filter((sheet) => !unavailable.includes(sheet));
        if (unavailable.length > 0) document.unavailableStylesheets = unavailable.map((id) => ({ id, reason: engine.unavailableReason(id, document.formatLabel) }));
      }
      const id = randomUUID();
      opened.set(id, { texts: file.texts, labels: file.documents.map((document) => document.formatLabel), stylesheets: file.documents.map((document) => document.stylesheets) });
      while (opened.size > KEPT_FILES) opened.delete(opened.keys().next().value as string);
      const { texts: _texts, ...result } = file;
      return { id, ...result };
    },
    async render(id, index, stylesheet) {
      const file = opened.get(id);
      if (!file) throw new AppError('not_found', 'This file is no longer open in the viewer. Open it again.', { details: because(reason('viewer.notOpen')) });
      const text = file.texts[index];
      if (text === undefined) throw new AppError('not_found', `The file has no document number ${index + 1}.`, { details: because(reason('viewer.noDocument', { index: index + 1 })) });
      if (!file.stylesheets[index]?.includes(stylesheet)) {
        throw new AppError('validation', `The stylesheet ${stylesheet} does not apply to this document.`, { details: because(reason('viewer.stylesheetNotForDocument', { stylesheet })) });
      }
      const started = now();
      const html = await engine.render(text, stylesheet, file.labels[index] ?? '');
      return { html: sandboxedHtml(html), stylesheet, millis: Math.round(now() - started) };
    },
    async pdf(html, fileName) {
      if (!deps.printer) {
        throw new AppError('unavailable', 'This installation cannot write PDFs by itself (no Chromium was found). Use Print and choose "Save as PDF".', { details: because(reason('viewer.noPdfWriter')) });
      }
      const safeName = `${sanitizeFileName(fileName.replace(/\.pdf$/i, ''), 150) || 'document'}.pdf`;
      const bytes = await deps.printer.print(sandboxedHtml(html, { title: fileName }));
      return { fileName: safeName, contentType: 'application/pdf', base64: Buffer.from(bytes).toString('base64'), size: bytes.length, engine: deps.printer.engine };
    },
  };
  return service;
}

// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n';
import { PdfViewer } from './PdfViewer';

const getDocument = vi.fn();
vi.mock('./pdfjs', () => ({
  loadPdfJs: () => Promise.resolve({ pdfjs: { getDocument }, worker: { shared: true } }),
}));

afterEach(() => {
  cleanup();
  getDocument.mockReset();
});

describe('PdfViewer', () => {
  it('says clearly when a file is not a PDF, keeps Save, and never hands pdf.js the caller’s buffer', async () => {
    initI18n('en');
    getDocument.mockReturnValue({ promise: Promise.reject(new Error('Invalid PDF structure.')), destroy: () => Promise.resolve() });
    const bytes = new Uint8Array([0x3c, 0x68, 0x74, 0x6d, 0x6c]);
    render(<PdfViewer bytes={bytes} fileName="report.pdf" />);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This PDF could not be opened');
    expect(alert.textContent).toContain('Invalid PDF structure.');
    expect(screen.getByRole('button', { name: 'Save PDF' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'PDF preview: report.pdf' })).toBeTruthy();

    const [options] = getDocument.mock.calls[0] as [{ data: Uint8Array; isEvalSupported: boolean; worker: unknown }];
    expect(options.isEvalSupported).toBe(false);
    expect(options.worker).toEqual({ shared: true });
    expect(options.data).not.toBe(bytes);
    expect([...options.data]).toEqual([...bytes]);
  });
});

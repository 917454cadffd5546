// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../app/query-client';
import { installBridge } from '../../../bridge';
import { initI18n } from '../../../i18n';
import { createFakeAcube } from '../../../test/fake-acube';
import { PdfTab } from './PdfTab';

const pdfJsLoads = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../../components/pdf-viewer/pdfjs', () => ({
  loadPdfJs: () => {
    pdfJsLoads.count += 1;
    return new Promise(() => undefined);
  },
}));

afterEach(() => {
  cleanup();
  pdfJsLoads.count = 0;
});

describe('the PDF tab', () => {
  it('starts loading pdf.js while the service is still rendering the PDF', async () => {
    initI18n('en');
    // documents.print never answers: whatever pdf.js loading happens, happens before the bytes.
    const fake = createFakeAcube({ 'documents.print': () => new Promise(() => undefined) });
    installBridge(fake.acube);
    render(
      <QueryClientProvider client={createQueryClient()}>
        <PdfTab type="invoice" uuid="uuid-1" number="INV-0001" />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('status')).toBeTruthy();
    expect(fake.callsOf('documents.print')).toHaveLength(1);
    expect(pdfJsLoads.count).toBe(1);
  });
});

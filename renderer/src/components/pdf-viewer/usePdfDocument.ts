import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useEffect, useState } from 'react';
import { loadPdfJs } from './pdfjs';
import type { PageSize } from './zoom';

export type PdfDocumentState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; pdf: PDFDocumentProxy; firstPage: PageSize };

/**
 * Opens `bytes` with pdf.js. pdf.js transfers (detaches) the buffer it is given, so it gets a copy
 * and the caller's bytes stay usable (Save). The document goes when bytes change or the component
 * unmounts; the shared worker stays for the next one.
 */
export function usePdfDocument(bytes: Uint8Array): PdfDocumentState {
  const [result, setResult] = useState<{ bytes: Uint8Array; state: PdfDocumentState } | null>(null);

  useEffect(() => {
    let active = true;
    let destroy: (() => void) | null = null;
    loadPdfJs()
      .then(async ({ pdfjs, worker }) => {
        if (!active) return;
        const task = pdfjs.getDocument({ data: bytes.slice(), isEvalSupported: false, worker });
        destroy = () => void task.destroy();
        const pdf = await task.promise;
        const page = await pdf.getPage(1);
        const viewport = page.getViewport({ scale: 1 });
        if (active) setResult({ bytes, state: { status: 'ready', pdf, firstPage: { width: viewport.width, height: viewport.height } } });
      })
      .catch((error: unknown) => {
        if (active) setResult({ bytes, state: { status: 'error', message: error instanceof Error ? error.message : String(error) } });
      });
    return () => {
      active = false;
      destroy?.();
    };
  }, [bytes]);

  return result?.bytes === bytes ? result.state : { status: 'loading' };
}

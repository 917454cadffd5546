import { useEffect } from 'react';
import { loadPdfJs } from './pdfjs';

/**
 * Starts loading pdf.js and its worker as soon as a screen knows it will show a PDF, while the PDF's
 * bytes are still being fetched: the first PDF of a session then waits for the slower of the two, not
 * for both one after the other. A failure here is left to the viewer, which loads again and says so.
 */
export function usePdfJsEarly(): void {
  useEffect(() => {
    loadPdfJs().catch(() => undefined);
  }, []);
}

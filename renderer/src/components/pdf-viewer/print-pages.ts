/**
 * Printing without a PDF plugin and within the CSP (no `frame-src`): every page is drawn at 150 dpi
 * into an image, the images go into a print-only container, and `window.print()` prints just them
 * (see the `pdf-printing` rules in pdf-viewer.css).
 */
import type { PDFDocumentProxy } from 'pdfjs-dist';

const PRINT_SCALE = 150 / 72;
const ROOT_CLASS = 'pdf-print-root';
const PRINTING_CLASS = 'pdf-printing';

let cleanupPrevious: (() => void) | null = null;

function pageImage(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The page could not be turned into an image.'))), 'image/png'),
  );
}

export async function printPdf(pdf: PDFDocumentProxy, onProgress: (done: number, total: number) => void): Promise<void> {
  cleanupPrevious?.();
  const root = document.createElement('div');
  root.className = ROOT_CLASS;
  const urls: string[] = [];
  const cleanup = () => {
    document.documentElement.classList.remove(PRINTING_CLASS);
    root.remove();
    urls.forEach((url) => URL.revokeObjectURL(url));
    if (cleanupPrevious === cleanup) cleanupPrevious = null;
  };
  cleanupPrevious = cleanup;
  try {
    const images: HTMLImageElement[] = [];
    for (let pageNumber = 1; pageNumber <= pdf.numPages; pageNumber += 1) {
      const page = await pdf.getPage(pageNumber);
      const viewport = page.getViewport({ scale: PRINT_SCALE });
      const canvas = document.createElement('canvas');
      canvas.width = Math.ceil(viewport.width);
      canvas.height = Math.ceil(viewport.height);
      await page.render({ canvas, viewport, intent: 'print' }).promise;
      const url = URL.createObjectURL(await pageImage(canvas));
      canvas.width = 0;
      canvas.height = 0;
      urls.push(url);
      const image = new Image();
      image.alt = '';
      image.src = url;
      images.push(image);
      onProgress(pageNumber, pdf.numPages);
    }
    root.append(...images);
    document.body.append(root);
    await Promise.all(images.map((image) => image.decode().catch(() => undefined)));
    document.documentElement.classList.add(PRINTING_CLASS);
  } catch (error) {
    cleanup();
    throw error;
  }
  window.addEventListener('afterprint', cleanup, { once: true });
  window.print();
}

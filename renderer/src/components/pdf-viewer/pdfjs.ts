/**
 * pdf.js, loaded on first use: `import('pdfjs-dist')` is its own chunk, so no screen pays for it
 * until a PDF is shown. The worker is an ES module served from the app's origin (CSP `worker-src 'self'`),
 * started once and shared by every document (starting a worker costs more than opening a small PDF).
 */
import type * as PdfJsModule from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

type PdfJs = typeof PdfJsModule;

export interface LoadedPdfJs {
  pdfjs: PdfJs;
  worker: InstanceType<PdfJs['PDFWorker']>;
}

let loading: Promise<LoadedPdfJs> | null = null;

export function loadPdfJs(): Promise<LoadedPdfJs> {
  loading ??= import('pdfjs-dist')
    .then((pdfjs) => {
      pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
      return { pdfjs, worker: new pdfjs.PDFWorker() };
    })
    .catch((error: unknown) => {
      loading = null; // a failed chunk load (e.g. an update replaced the files) may succeed next time
      throw error;
    });
  return loading;
}

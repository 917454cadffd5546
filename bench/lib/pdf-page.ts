import type { Page } from 'playwright-core';
import { z } from 'zod';
import { median, round } from './stats';

/** CSS pixels the viewer's page column gets in the detail pane of a 1280 px window (fit width). */
export const VIEWER_WIDTH = 600;

const drawSchema = z.object({
  ms: z.number(),
  /** Where the time went: getDocument (worker start + parse), getPage(1), render, the frame after. */
  phases: z.object({ open: z.number(), page: z.number(), render: z.number(), frame: z.number() }),
  pages: z.number(),
  inked: z.boolean(),
});
export type Draw = z.infer<typeof drawSchema>;

/** The few pdf.js shapes the page code touches (the real types need the DOM lib, which bench code has not). */
interface PdfJsLike {
  GlobalWorkerOptions: { workerSrc: string };
  PDFWorker: new () => PdfWorkerLike;
  getDocument(source: { data: Uint8Array; isEvalSupported: boolean; worker?: PdfWorkerLike }): { promise: Promise<PdfDocumentLike>; destroy(): Promise<void> };
}
interface PdfWorkerLike {
  promise: Promise<void>;
}
interface PdfDocumentLike {
  numPages: number;
  getPage(pageNumber: number): Promise<PdfPageLike>;
}
interface PdfViewportLike {
  width: number;
  height: number;
}
interface PdfPageLike {
  getViewport(options: { scale: number }): PdfViewportLike;
  render(options: { canvas: CanvasLike; viewport: PdfViewportLike; transform?: number[] }): { promise: Promise<void> };
}
interface CanvasLike {
  width: number;
  height: number;
  style: { width: string; height: string };
  getContext(kind: '2d'): { getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray } } | null;
}
interface BenchPageGlobals {
  document: { createElement(tag: 'canvas'): CanvasLike; getElementById(id: string): { replaceChildren(...nodes: CanvasLike[]): void } | null };
  devicePixelRatio: number;
  requestAnimationFrame(callback: () => void): void;
  benchPdfs?: Record<string, Uint8Array>;
  benchPdfJs?: Promise<PdfJsLike>;
  benchWorker?: PdfWorkerLike;
}

/**
 * `shared`: one pdf.js worker for every document, started with the first (what the app does:
 * renderer/src/components/pdf-viewer/pdfjs.ts). `own`: a new worker per document (the bench's
 * method before issue 27, which billed a worker start to every draw).
 */
export type WorkerUse = 'shared' | 'own';

/** The bench page: an empty viewer column the canvas goes into. */
export const benchPageHtml = `<!doctype html><html><head><meta charset="utf-8"><title>pdf bench</title></head>
<body style="margin:0"><div id="viewer" style="width:${VIEWER_WIDTH}px"></div></body></html>`;

/** Fetches the reports into the page: from here on the bytes are "in hand". */
export async function fetchReports(page: Page, names: readonly string[]): Promise<void> {
  await page.evaluate(async (files) => {
    const g = globalThis as unknown as BenchPageGlobals;
    g.benchPdfs = {};
    for (const file of files) g.benchPdfs[file] = new Uint8Array(await (await fetch(`/${file}`)).arrayBuffer());
  }, names);
}

/** One draw of page 1, timed from bytes in hand to the frame that shows the canvas. */
export async function drawFirstPage(page: Page, file: string, urls: { library: string; worker: string }, workerUse: WorkerUse = 'shared'): Promise<Draw> {
  const result = await page.evaluate(
    async ({ file, library, worker, width, workerUse }) => {
      const g = globalThis as unknown as BenchPageGlobals;
      const bytes = g.benchPdfs?.[file];
      if (!bytes) throw new Error(`${file} was not fetched`);
      const started = performance.now();
      // renderer/src/components/pdf-viewer/pdfjs.ts: one import for the page's life, then the worker URL.
      g.benchPdfJs ??= (import(library) as Promise<PdfJsLike>).then((pdfjs) => {
        pdfjs.GlobalWorkerOptions.workerSrc = worker;
        return pdfjs;
      });
      const pdfjs = await g.benchPdfJs;
      // pdfjs.ts: the worker is started once, with the first document, and kept.
      const shared = workerUse === 'shared' ? (g.benchWorker ??= new pdfjs.PDFWorker()) : undefined;
      // usePdfDocument: pdf.js detaches what it is given, so it gets a copy.
      const task = pdfjs.getDocument({ data: bytes.slice(), isEvalSupported: false, ...(shared ? { worker: shared } : {}) });
      try {
        const pdf = await task.promise;
        const opened = performance.now();
        const first = await pdf.getPage(1);
        const paged = performance.now();
        const natural = first.getViewport({ scale: 1 });
        // zoom.ts fitWidthScale and outputScale.
        const scale = Math.min(4, Math.max(0.25, width / natural.width));
        const viewport = first.getViewport({ scale });
        const wanted = Math.max(1, g.devicePixelRatio || 1);
        const ratio = viewport.width * viewport.height * wanted * wanted <= 16_777_216 ? wanted : Math.max(0.25, Math.sqrt(16_777_216 / (viewport.width * viewport.height)));
        const canvas = g.document.createElement('canvas');
        canvas.width = Math.max(1, Math.floor(viewport.width * ratio));
        canvas.height = Math.max(1, Math.floor(viewport.height * ratio));
        canvas.style.width = `${Math.floor(viewport.width)}px`;
        canvas.style.height = `${Math.floor(viewport.height)}px`;
        await first.render({ canvas, viewport, ...(ratio === 1 ? {} : { transform: [ratio, 0, 0, ratio, 0, 0] }) }).promise;
        const rendered = performance.now();
        g.document.getElementById('viewer')?.replaceChildren(canvas);
        await new Promise<void>((resolve) => g.requestAnimationFrame(() => resolve()));
        const ended = performance.now();
        const ms = ended - started;
        const phases = { open: opened - started, page: paged - opened, render: rendered - paged, frame: ended - rendered };
        // Not timed: proof that the page really was drawn (dark pixels on the canvas).
        const context = canvas.getContext('2d');
        const { data } = context ? context.getImageData(0, 0, canvas.width, canvas.height) : { data: new Uint8ClampedArray() };
        let ink = 0;
        for (let offset = 0; offset < data.length; offset += 4) if ((data[offset + 3] ?? 0) > 0 && (data[offset] ?? 255) < 160) ink += 1;
        return { ms, phases, pages: pdf.numPages, inked: ink > 500 };
      } finally {
        await task.destroy();
      }
    },
    { file, library: urls.library, worker: urls.worker, width: VIEWER_WIDTH, workerUse },
  );
  const draw = drawSchema.parse(result);
  if (!draw.inked) throw new Error(`${file}: pdf.js finished but the canvas is blank; the measurement would be meaningless.`);
  return draw;
}

export type Phases = Draw['phases'];

/** The median of each phase over several draws. */
export const phaseMedians = (draws: readonly Draw[]): Phases => ({
  open: round(median(draws.map((draw) => draw.phases.open))),
  page: round(median(draws.map((draw) => draw.phases.page))),
  render: round(median(draws.map((draw) => draw.phases.render))),
  frame: round(median(draws.map((draw) => draw.phases.frame))),
});


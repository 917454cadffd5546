/** Messages between the stylesheet renderer (renderer.ts) and its worker thread (worker.ts). */
export type RenderWorkerRequest =
  | { id: number; type: 'render'; sefPath: string; xml: string; ksef: boolean }
  /** Loads these stylesheets and runs each once on an empty document, ahead of the first render. */
  | { id: number; type: 'warm'; sefPaths: string[] };

export type RenderWorkerResponse =
  | { id: number; type: 'rendered'; html: string }
  | { id: number; type: 'failed'; message: string; xsltCode?: string };

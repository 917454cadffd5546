/** `viewer.*`: open any e-invoice file, render it with an official stylesheet, print it to PDF. */
import type { HandlerFactory } from '../handlers';
import { createViewerService } from './service';
import { createXsltStylesheetEngine, findStandardsRoot } from './xslt-engine';

export const createViewerHandlers: HandlerFactory = (services) => {
  const root = findStandardsRoot();
  const engine = root ? createXsltStylesheetEngine(root) : undefined;
  if (engine) {
    // SaxonJS and the stylesheets load in the worker while the app starts, so the first document opens warm.
    engine.warm();
    services.onDispose(() => engine.close());
  }
  else services.logger.warn('The compiled stylesheets (standards/sef) were not found: the viewer shows its own layouts only. Run npm run standards.');
  const viewer = createViewerService({ printer: services.ports.pdfPrinter, ...(engine ? { engine } : {}) });
  return {
    'viewer.open': (input) => Promise.resolve(viewer.open(input.name, input.base64, input.destinationId)),
    'viewer.render': (input) => viewer.render(input.id, input.index, input.stylesheet),
    'viewer.pdf': (input) => viewer.pdf(input.html, input.fileName),
  };
};

/** `viewer.*`: open any e-invoice file, render it with an official stylesheet, print it to PDF. */
import type { HandlerFactory } from '../handlers';
import { createViewerService } from './service';

export const createViewerHandlers: HandlerFactory = (services) => {
  const viewer = createViewerService({ printer: services.ports.pdfPrinter });
  return {
    'viewer.open': (input) => Promise.resolve(viewer.open(input.name, input.base64, input.destinationId)),
    'viewer.render': (input) => viewer.render(input.id, input.index, input.stylesheet),
    'viewer.pdf': (input) => viewer.pdf(input.html, input.fileName),
  };
};

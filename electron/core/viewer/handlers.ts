/** `viewer.*`: open any e-invoice file, render it with an official stylesheet, print it to PDF. */
import { VIEWER_MAX_FILE_BYTES } from '../../../shared/contract';
import { readFileRef, resolveFileRef } from '../files/file-ref';
import type { HandlerFactory } from '../handlers';
import { createThreadFileOpener } from './file-opener';
import { createViewerService } from './service';
import { createProcessStylesheetRenderer } from '../../../standards/engine/remote';
import { createXsltStylesheetEngine, findStandardsRoot } from './xslt-engine';

export const createViewerHandlers: HandlerFactory = (services) => {
  const root = findStandardsRoot();
  // The stylesheets run in the core's engine process (services.engines, shared with validation), ended with the core.
  const engine = root ? createXsltStylesheetEngine(root, { renderer: createProcessStylesheetRenderer({ process: services.engines }) }) : undefined;
  if (engine) services.onDispose(() => engine.close());
  else services.logger.warn('The compiled stylesheets (standards/sef) were not found: the viewer shows its own layouts only. Run npm run standards.');
  // Untrusted files are unpacked and parsed in a thread of their own, never on the core's event loop.
  const opener = createThreadFileOpener();
  services.onDispose(() => opener.close());
  const viewer = createViewerService({ printer: services.ports.pdfPrinter, opener, environment: () => services.profiles.active().environment, ...(engine ? { engine } : {}) });
  return {
    'viewer.open': async (input, context) => {
      // SaxonJS and the stylesheets load in the engine's process when a file is first opened, while its
      // own view is shown: not at start, where the warm worker held ~85 MB all session to spare ~0.3 s
      // once (docs/performance.md, issue 12's eighth session).
      engine?.warm();
      if ('base64' in input) return viewer.open(input.name, input.base64, input.destinationId);
      // A granted handle (Electron): main reads the file the user picked or dropped; the size is checked first.
      const file = await readFileRef(await resolveFileRef(input.handle, services.files, context), { maxBytes: VIEWER_MAX_FILE_BYTES, what: 'file' });
      return viewer.openBytes(file.name, file.bytes, input.destinationId);
    },
    'viewer.render': (input) => viewer.render(input.id, input.index, input.stylesheet),
    'viewer.pdf': (input) => viewer.pdf(input.html, input.fileName),
  };
};

/**
 * The seam to the official stylesheets (FatturaPA AdE and AssoSoftware, KSeF FA(2)), which run in
 * the core's XSLT engine (SaxonJS, in a worker). Until that engine is part of the build, every
 * render is refused with a clear reason and the viewer shows its own schema layout instead.
 */
import { AppError, type StylesheetId } from '../../../shared/contract';

export interface StylesheetEngine {
  /** HTML produced by the stylesheet from the document's XML; rejects with the reason it could not. */
  render(xml: string, stylesheet: StylesheetId): Promise<string>;
}

export const unavailableStylesheetEngine: StylesheetEngine = {
  render: () =>
    Promise.reject(
      new AppError('unavailable', 'The official stylesheets cannot run in this build: the XSLT engine is not installed. The document is shown with the viewer\u2019s own layout.'),
    ),
};

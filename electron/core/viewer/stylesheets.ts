/**
 * The seam to the official stylesheets (FatturaPA AdE, KSeF FA(2)), which run in the core's XSLT
 * engine (SaxonJS, in a worker: xslt-engine.ts). Where the compiled stylesheets are missing, every
 * render is refused with a clear reason and the viewer shows its own schema layout instead.
 */
import { AppError, because, reason, type StylesheetId, type StylesheetUnavailableReason } from '../../../shared/contract';

export interface StylesheetEngine {
  /** Whether this stylesheet can run for a document of this format (`FPA12`, `FPR12`, `FA (2)`). */
  supports(stylesheet: StylesheetId, formatLabel: string): boolean;
  /** Why a stylesheet the format has is not supported, for the layout choice to say so. */
  unavailableReason(stylesheet: StylesheetId, formatLabel: string): StylesheetUnavailableReason;
  /** HTML produced by the stylesheet from the document's XML; rejects with the reason it could not. */
  render(xml: string, stylesheet: StylesheetId, formatLabel: string): Promise<string>;
}

export const unavailableStylesheetEngine: StylesheetEngine = {
  supports: () => false,
  unavailableReason: () => 'missing',
  render: () =>
    Promise.reject(
      new AppError('unavailable', 'The official stylesheets cannot run in this build: the compiled stylesheets (standards/sef) are missing. The document is shown with the viewer\u2019s own layout.', {
        details: because(reason('viewer.noSef')),
      }),
    ),
};

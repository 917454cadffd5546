/**
 * The document viewer (issue 14): any e-invoice file (UBL 2.1, FatturaPA, KSeF, signed `.p7m`,
 * ZIP, multi-document CSV) opened in the core and shown as documents. The renderer sends bytes
 * (a file it was given, or bytes it fetched through another channel), never a path.
 */
import { z } from 'zod';
import type { UblDocument } from '../ubl/types';
import { channel } from './define';
import { fileHandleSchema, type FilePayload } from './files';

/** The largest file the viewer opens (a FatturaPA with scanned attachments can reach tens of MB). */
export const VIEWER_MAX_FILE_BYTES = 40 * 1024 * 1024;

export type ViewerFamily = 'ubl' | 'fatturapa' | 'ksef' | 'csv' | 'json' | 'xml';

/** The stylesheets the core can apply; which apply to a document is in `ViewedDocument.stylesheets`. */
export const stylesheetIdSchema = z.enum(['fatturapa-ade', 'fatturapa-ade-1.2.3', 'fatturapa-asso', 'ksef-fa2']);
export type StylesheetId = z.infer<typeof stylesheetIdSchema>;
/** `not-compiled`: the engine refuses the official file (AssoSoftware, XTSE0090); `missing`: not built into this installation. */
export type StylesheetUnavailableReason = 'not-compiled' | 'missing';

export interface ViewerParty {
  name?: string;
  /** VAT number / tax id as written, with its country prefix when the format has one. */
  taxId?: string;
  address?: string;
}

export interface ViewerAmount {
  text: string;
  currency?: string;
}

/** What every format shows first: the test "opens and shows number, date, parties and total". */
export interface ViewerSummary {
  number?: string;
  date?: string;
  seller?: ViewerParty;
  buyer?: ViewerParty;
  total?: ViewerAmount;
  /** The document kind in the format's own words, e.g. `TD01`, `VAT`, `380`. */
  kindCode?: string;
}

export interface ViewerAttachment {
  name: string;
  description?: string;
  mimeType?: string;
  size?: number;
  /** Embedded content; absent for external (URI) references. */
  base64?: string;
  uri?: string;
}

/** The CAdES envelope a `.p7m` was opened from. The signature itself is not verified. */
export interface ViewerSignature {
  signers: Array<{ name?: string; organization?: string; serialNumber?: string; signingTime?: string }>;
  verified: false;
}

/** A generic, labelled layout built from a schema's structure (FatturaPA fallback, KSeF FA(3)). */
export interface LayoutField {
  /** A stable key for the label (`viewer.fields.<key>`), else shown as written in `label`. */
  key: string;
  label?: string;
  value: string;
  kind?: 'date' | 'amount' | 'text' | 'code';
  currency?: string;
}

export interface LayoutTable {
  key: string;
  columns: Array<{ key: string; label?: string; numeric?: boolean }>;
  rows: string[][];
}

export interface LayoutSection {
  key: string;
  /** Shown after the translated title, e.g. the role of a third party or a body's number. */
  subtitle?: string;
  fields: LayoutField[];
  tables: LayoutTable[];
  /** Free text blocks (notes, footers). */
  texts: string[];
}

export interface SchemaLayout {
  sections: LayoutSection[];
}

export interface ViewedDocument {
  /** File or entry name. */
  name: string;
  family: ViewerFamily;
  /** e.g. `Invoice`, `FPR12`, `FA (3)`. */
  formatLabel: string;
  version?: string;
  summary: ViewerSummary;
  ubl?: UblDocument;
  /** FatturaPA (every body) and KSeF (FA(2) and FA(3)) as labelled sections following the schema. */
  layout?: SchemaLayout;
  csv?: { header: string[]; rows: string[][] };
  /** Stylesheets that can render this document (first = default). */
  stylesheets: StylesheetId[];
  /** Stylesheets that would apply to this format but cannot run here, with why (shown, not offered). */
  unavailableStylesheets?: Array<{ id: StylesheetId; reason: StylesheetUnavailableReason }>;
  attachments: ViewerAttachment[];
  /** The document's XML or text, decoded, and its pretty form; `truncated` when only the start is kept. */
  source: { text: string; pretty: string; size: number; contentType: string; truncated: boolean };
  /** Why there is no readable layout (not XML, unknown version, …): the viewer shows the source with it. */
  problem?: string;
  /** The KSeF number or SDI id, when the caller knows it (a delivered transfer document). */
  destinationId?: string;
  /** A KSeF invoice's verification code KOD I, drawn in the core. */
  verification?: KsefVerificationCode;
}

/** KSeF's KOD I: the verification URL, the text under the code (the KSeF number, else `OFFLINE`) and the code as a data: SVG. */
export interface KsefVerificationCode {
  url: string;
  label: string;
  image: string;
}

export interface ViewerResult {
  /** Opened-file id for `viewer.render` / `viewer.attachment`; kept in the core for a while. */
  id: string;
  fileName: string;
  size: number;
  /** How the documents were wrapped, outermost first: `p7m`, `zip`, `csv`. */
  containers: Array<'p7m' | 'zip' | 'csv'>;
  signature?: ViewerSignature;
  documents: ViewedDocument[];
  /** Entries of a ZIP that could not be read (the others are shown). */
  skipped: Array<{ name: string; reason: string }>;
}

export interface RenderedDocument {
  /** Untrusted HTML: show it only in a sandboxed frame (see `sandboxedHtml`). */
  html: string;
  stylesheet: StylesheetId;
  millis: number;
}

const bytesInput = z.object({
  name: z.string().trim().min(1).max(1024),
  /** Standard base64 of the whole file. */
  base64: z
    .string()
    .max(Math.ceil(VIEWER_MAX_FILE_BYTES / 3) * 4 + 4, `The file is larger than ${VIEWER_MAX_FILE_BYTES / 1024 / 1024} MB, the most the viewer opens.`),
  /** The destination system's id when known (KSeF number, SDI id). */
  destinationId: z.string().trim().max(200).optional(),
});

/** A file the user picked or dropped in Electron: a handle the preload granted (main reads the file). */
const handleInput = z.object({
  handle: fileHandleSchema,
  destinationId: z.string().trim().max(200).optional(),
});

export const viewerChannels = {
  /** The bytes (browser shell; bytes fetched through another channel) or a granted handle (Electron). */
  'viewer.open': channel<ViewerResult>()(z.union([bytesInput, handleInput])),
  'viewer.render': channel<RenderedDocument>()(
    z.object({ id: z.string().min(1).max(100), index: z.number().int().min(0).max(100_000), stylesheet: stylesheetIdSchema }),
  ),
  /** Prints the given HTML (the layout the user sees) to a PDF with scripts off and no network. */
  'viewer.pdf': channel<FilePayload & { engine: 'electron' | 'chromium' | 'none' }>()(
    z.object({
      html: z.string().min(1).max(60 * 1024 * 1024),
      fileName: z.string().trim().min(1).max(200),
    }),
  ),
};

/**
 * The PDF of a fiscal back-office report: a header (title, merchant, PEM, period) and the report's
 * sections, facts and tables, as selectable text.
 */
import { FISCAL_TIME_ZONE, romeWallClock } from '../../shared/format/fiscal-time';
import { createPdf, facts, heading, type PdfColumn, renderPdf, sectionTitle, table } from './reports/pdf-layout';

export type ReportPdfSection =
  | { kind: 'facts'; title: string; rows: [string, string][] }
  | { kind: 'table'; title: string; columns: PdfColumn[]; rows: string[][]; empty: string };

export interface ReportPdfContent {
  title: string;
  merchant: { name: string; vat_number: string; address: string };
  pem: { serial_number: string; cash_register_name: string | null; status: string };
  /** Null for single documents (receipts), which show `headerLines` instead. */
  period: { from: string; to: string } | null;
  headerLines?: string[];
  sections: ReportPdfSection[];
}

export interface ReportPdfMeta {
  reportUuid: string;
  generatedAt: Date;
}

export function renderReportPdf(content: ReportPdfContent, meta: ReportPdfMeta): Promise<Buffer> {
  const doc = createPdf(content.title, meta.generatedAt);
  const pem = content.pem.cash_register_name ? `${content.pem.serial_number} (${content.pem.cash_register_name})` : content.pem.serial_number;
  return renderPdf(doc, `${content.title} · PEM ${content.pem.serial_number}`, () => {
    heading(doc, content.title, [
      `Merchant: ${content.merchant.name} · VAT number ${content.merchant.vat_number}`,
      content.merchant.address,
      `PEM: ${pem} · status ${content.pem.status}`,
      ...(content.period ? [`Period: ${content.period.from} – ${content.period.to}`] : []),
      ...(content.headerLines ?? []),
      `${content.period ? 'Report' : 'Document'} ${meta.reportUuid} · generated ${romeWallClock(meta.generatedAt)}`,
      `All times are Italian time (${FISCAL_TIME_ZONE}).`,
    ]);
    for (const section of content.sections) {
      sectionTitle(doc, section.title);
      if (section.kind === 'facts') facts(doc, section.rows);
      else table(doc, section.columns, section.rows, section.empty);
    }
  });
}

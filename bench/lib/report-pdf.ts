import { documentItemColumns, vatLabel } from '../../emulator/fiscal/reports/content';
import { renderReportPdf, type ReportPdfContent, type ReportPdfSection } from '../../emulator/pdf/report-pdf';

/** Pages in a PDF written by pdfkit (page objects are `/Type /Page`, the tree is `/Type /Pages`). */
export const countPdfPages = (bytes: Buffer): number => bytes.toString('latin1').match(/\/Type\s*\/Page(?![a-zA-Z])/g)?.length ?? 0;

const descriptions = ['Espresso', 'Cappuccino', 'Cornetto alla crema', 'Acqua minerale 0.5 l', 'Panino prosciutto e formaggio', 'Spremuta d’arancia', 'Tramezzino tonno'];
const vatRates = ['22.00', '10.00', '4.00', '5.00'];

/** A "details" receipts report as the emulator's fiscal service draws it: one item table per document. */
function detailSections(documents: number): ReportPdfSection[] {
  return Array.from({ length: documents }, (_, index) => {
    const number = `${String(Math.floor(index / 9999) + 1).padStart(4, '0')}-${String((index % 9999) + 1).padStart(4, '0')}`;
    const items = 3 + (index % 5);
    return {
      kind: 'table',
      title: `Document ${number} · sale · 2026-10-${String((index % 28) + 1).padStart(2, '0')} 10:${String(index % 60).padStart(2, '0')}:00 · amount ${(items * 3.4).toFixed(2)}`,
      columns: documentItemColumns,
      rows: Array.from({ length: items }, (_, item) => [
        String(item + 1),
        descriptions[(index + item) % descriptions.length] as string,
        '1.00',
        '3.40',
        '0.00',
        vatLabel(vatRates[(index + item) % vatRates.length] as string),
        '3.40',
      ]),
      empty: 'No items.',
    };
  });
}

function reportContent(documents: number): ReportPdfContent {
  return {
    title: 'Commercial documents (details)',
    merchant: { name: 'Bar Centrale S.r.l.', vat_number: 'IT01234567890', address: 'Via Roma 1, 00100 Roma RM' },
    pem: { serial_number: 'PEM-BENCH-0001', cash_register_name: 'Cassa 1', status: 'ONLINE' },
    period: { from: '2026-10-01', to: '2026-10-28' },
    sections: detailSections(documents),
  };
}

const render = (documents: number): Promise<Buffer> =>
  renderReportPdf(reportContent(documents), { reportUuid: '00000000-0000-4000-8000-000000000050', generatedAt: new Date('2026-10-29T08:00:00Z') });

/** A fiscal report PDF of exactly `pages` pages, drawn by the emulator's own report renderer. */
export async function reportPdfWithPages(pages: number): Promise<Buffer> {
  let documents = Math.max(1, pages * 4);
  for (let attempt = 0; attempt < 12; attempt += 1) {
    const pdf = await render(documents);
    const got = countPdfPages(pdf);
    if (got === pages) return pdf;
    if (got === 0) throw new Error('The generated report PDF has no page objects; the page counter does not understand it.');
    // Proportional first, then one document at a time (a document is well under a page).
    const next = Math.abs(got - pages) > 1 ? Math.round((documents * pages) / got) : documents + Math.sign(pages - got) * Math.max(1, Math.round(documents / got / 3));
    documents = Math.max(1, next === documents ? documents + Math.sign(pages - got) : next);
  }
  throw new Error(`Could not generate a report PDF of exactly ${pages} pages.`);
}

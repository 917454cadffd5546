/** Layout helpers on top of pdfkit: headings, label/value rows and tables that break across pages. */
import type PDFDocument from 'pdfkit';
import { pdfText } from './text';

type Pdf = InstanceType<typeof PDFDocument>;

export const PAGE_MARGIN = 40;
export const FONT = 'Helvetica';
export const BOLD = 'Helvetica-Bold';

export function contentWidth(pdf: Pdf): number {
  return pdf.page.width - PAGE_MARGIN * 2;
}

function bottomLimit(pdf: Pdf): number {
  return pdf.page.height - PAGE_MARGIN - 20;
}

/** Starts a new page when fewer than `height` points are left. */
export function ensureSpace(pdf: Pdf, height: number): void {
  if (pdf.y + height > bottomLimit(pdf)) pdf.addPage();
}

export function heading(pdf: Pdf, text: string): void {
  ensureSpace(pdf, 40);
  pdf.moveDown(0.6);
  pdf.font(BOLD).fontSize(11).fillColor('#1f3a5f').text(pdfText(text), PAGE_MARGIN, pdf.y, { width: contentWidth(pdf) });
  const y = pdf.y + 2;
  pdf.moveTo(PAGE_MARGIN, y).lineTo(PAGE_MARGIN + contentWidth(pdf), y).lineWidth(0.5).strokeColor('#9aa9bb').stroke();
  pdf.y = y + 4;
  pdf.font(FONT).fontSize(9).fillColor('#000000');
}

/** `Label: value` rows in two columns of the content width. */
export function labelledRows(pdf: Pdf, rows: Array<[string, string | undefined]>, labelWidth = 120): void {
  const width = contentWidth(pdf);
  for (const [label, value] of rows) {
    if (!value) continue;
    const text = pdfText(value);
    const height = pdf.font(FONT).fontSize(9).heightOfString(text, { width: width - labelWidth });
    ensureSpace(pdf, height + 2);
    const y = pdf.y;
    pdf.font(BOLD).fontSize(9).text(pdfText(label), PAGE_MARGIN, y, { width: labelWidth - 6 });
    pdf.font(FONT).fontSize(9).text(text, PAGE_MARGIN + labelWidth, y, { width: width - labelWidth });
    pdf.y = Math.max(pdf.y, y + height) + 2;
  }
}

export interface Column {
  title: string;
  width: number;
  align?: 'left' | 'right';
}

/** A table whose header is repeated on each new page; cells wrap within their column. */
export function table(pdf: Pdf, columns: Column[], rows: string[][]): void {
  const drawHeader = () => {
    const y = pdf.y;
    let x = PAGE_MARGIN;
    pdf.rect(PAGE_MARGIN, y - 2, columns.reduce((sum, column) => sum + column.width, 0), 14).fill('#e8edf3');
    pdf.fillColor('#000000').font(BOLD).fontSize(8);
    for (const column of columns) {
      pdf.text(pdfText(column.title), x + 2, y, { width: column.width - 4, align: column.align ?? 'left', lineBreak: false });
      x += column.width;
    }
    pdf.y = y + 14;
  };
  ensureSpace(pdf, 30);
  drawHeader();
  pdf.font(FONT).fontSize(8);
  for (const row of rows) {
    const cells = row.map((cell) => pdfText(cell));
    const height = Math.max(10, ...cells.map((cell, index) => pdf.heightOfString(cell || ' ', { width: (columns[index]?.width ?? 40) - 4 })));
    if (pdf.y + height > bottomLimit(pdf)) {
      pdf.addPage();
      drawHeader();
      pdf.font(FONT).fontSize(8);
    }
    const y = pdf.y;
    let x = PAGE_MARGIN;
    cells.forEach((cell, index) => {
      const column = columns[index] as Column;
      pdf.text(cell, x + 2, y, { width: column.width - 4, align: column.align ?? 'left' });
      x += column.width;
    });
    pdf.y = y + height + 3;
  }
  pdf.font(FONT).fontSize(9);
}

/** Page numbers and a provenance line at the foot of every page. */
export function footers(pdf: Pdf, caption: string): void {
  const range = pdf.bufferedPageRange();
  for (let index = 0; index < range.count; index += 1) {
    pdf.switchToPage(range.start + index);
    const bottom = pdf.page.margins.bottom;
    pdf.page.margins.bottom = 0;
    const y = pdf.page.height - PAGE_MARGIN + 6;
    pdf.font(FONT).fontSize(7).fillColor('#666666');
    pdf.text(pdfText(caption), PAGE_MARGIN, y, { width: contentWidth(pdf) - 80, lineBreak: false });
    pdf.text(`Page ${index + 1} of ${range.count}`, PAGE_MARGIN + contentWidth(pdf) - 80, y, { width: 80, align: 'right', lineBreak: false });
    pdf.page.margins.bottom = bottom;
  }
  pdf.fillColor('#000000');
}

/** Small layout helpers over pdfkit: a header block, facts (label/value pairs) and tables that break across pages. */
import PDFDocument from 'pdfkit';

export type PdfDoc = InstanceType<typeof PDFDocument>;

export interface PdfColumn {
  label: string;
  align: 'left' | 'right';
  /** Relative width. */
  width: number;
}

const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';
const MARGIN = 48;
const FOOTER_SPACE = 36;

export function createPdf(title: string, createdAt: Date): PdfDoc {
  return new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: { Title: title, Author: 'Ledgerdesk emulator', Creator: 'Ledgerdesk emulator', CreationDate: createdAt },
  });
}

/** The whole document as bytes, after `build` has drawn it; page footers are added at the end. */
export function renderPdf(doc: PdfDoc, footer: string, build: (doc: PdfDoc) => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      build(doc);
      const range = doc.bufferedPageRange();
      for (let index = range.start; index < range.start + range.count; index++) {
        doc.switchToPage(index);
        const bottom = doc.page.height - MARGIN + 12;
        doc.page.margins.bottom = 0;
        doc
          .font(FONT)
          .fontSize(8)
          .fillColor('#666666')
          .text(`${footer} · Page ${index + 1} of ${range.count}`, MARGIN, bottom, { width: contentWidth(doc), align: 'center', lineBreak: false });
        doc.page.margins.bottom = MARGIN;
      }
      doc.end();
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}

export function contentWidth(doc: PdfDoc): number {
  return doc.page.width - doc.page.margins.left - doc.page.margins.right;
}

function ensureSpace(doc: PdfDoc, height: number): boolean {
  if (doc.y + height <= doc.page.height - doc.page.margins.bottom - FOOTER_SPACE) return false;
  doc.addPage();
  return true;
}

export function heading(doc: PdfDoc, title: string, lines: readonly string[]): void {
  doc.font(BOLD).fontSize(17).fillColor('#111111').text(title, { width: contentWidth(doc) });
  doc.moveDown(0.3);
  doc.font(FONT).fontSize(9.5).fillColor('#333333');
  for (const line of lines) doc.text(line, { width: contentWidth(doc) });
  doc.moveDown(0.6);
  rule(doc);
}

function rule(doc: PdfDoc): void {
  const y = doc.y;
  doc.moveTo(doc.page.margins.left, y).lineTo(doc.page.width - doc.page.margins.right, y).lineWidth(0.5).strokeColor('#999999').stroke();
  doc.moveDown(0.5);
}

export function sectionTitle(doc: PdfDoc, title: string): void {
  ensureSpace(doc, 48);
  doc.moveDown(0.4);
  doc.font(BOLD).fontSize(11.5).fillColor('#111111').text(title, doc.page.margins.left, doc.y, { width: contentWidth(doc) });
  doc.moveDown(0.25);
}

export function facts(doc: PdfDoc, rows: readonly (readonly [string, string])[]): void {
  const left = doc.page.margins.left;
  const labelWidth = Math.min(190, contentWidth(doc) * 0.38);
  const valueWidth = contentWidth(doc) - labelWidth - 8;
  doc.fontSize(9.5);
  for (const [label, value] of rows) {
    doc.font(FONT);
    const height = Math.max(doc.heightOfString(label, { width: labelWidth }), doc.heightOfString(value, { width: valueWidth })) + 3;
    ensureSpace(doc, height);
    const y = doc.y;
    doc.fillColor('#555555').text(label, left, y, { width: labelWidth });
    doc.fillColor('#111111').text(value, left + labelWidth + 8, y, { width: valueWidth });
    doc.y = y + height;
  }
  doc.x = left;
}

export function table(doc: PdfDoc, columns: readonly PdfColumn[], rows: readonly (readonly string[])[], empty: string): void {
  const left = doc.page.margins.left;
  if (rows.length === 0) {
    doc.font(FONT).fontSize(9.5).fillColor('#555555').text(empty, left, doc.y, { width: contentWidth(doc) });
    return;
  }
  const totalWeight = columns.reduce((sum, column) => sum + column.width, 0);
  const widths = columns.map((column) => (column.width / totalWeight) * contentWidth(doc));
  const padding = 3;

  const drawRow = (cells: readonly string[], bold: boolean) => {
    doc.font(bold ? BOLD : FONT).fontSize(8.5);
    const height = Math.max(...cells.map((cell, index) => doc.heightOfString(cell, { width: (widths[index] ?? 40) - 2 * padding }))) + 2 * padding;
    const newPage = ensureSpace(doc, height);
    if (newPage && !bold) drawRow(columns.map((column) => column.label), true);
    const y = doc.y;
    let x = left;
    cells.forEach((cell, index) => {
      const width = widths[index] ?? 40;
      doc
        .font(bold ? BOLD : FONT)
        .fillColor('#111111')
        .text(cell, x + padding, y + padding, { width: width - 2 * padding, align: columns[index]?.align ?? 'left' });
      x += width;
    });
    doc
      .moveTo(left, y + height)
      .lineTo(left + contentWidth(doc), y + height)
      .lineWidth(bold ? 0.8 : 0.3)
      .strokeColor(bold ? '#444444' : '#cccccc')
      .stroke();
    doc.y = y + height;
  };

  drawRow(columns.map((column) => column.label), true);
  for (const row of rows) drawRow(row, false);
  doc.x = left;
}

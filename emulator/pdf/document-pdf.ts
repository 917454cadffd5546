/**
 * A readable PDF rendering of a normalized UBL document (invoice, credit note, order, order
 * response, despatch advice): header, parties, lines, VAT breakdown, totals, payment, notes and
 * attachments. Standard fonts, so the text can be extracted and searched.
 */
import PDFDocument from 'pdfkit';
import type { DocumentLine, UblDocument } from '../../shared/ubl';
import { BOLD, contentWidth, ensureSpace, FONT, footers, heading, labelledRows, PAGE_MARGIN, table, type Column } from './documents/layout';
import {
  amountText,
  documentTitle,
  formatBytes,
  identifierText,
  lineStatusText,
  partyLabels,
  partyLines,
  paymentMeansName,
  pdfText,
  quantityText,
  typeCodeText,
} from './documents/text';

type Pdf = InstanceType<typeof PDFDocument>;

export async function renderDocumentPdf(document: UblDocument): Promise<Buffer> {
  const title = `${documentTitle[document.documentType]} ${document.id ?? ''}`.trim();
  const pdf = new PDFDocument({
    size: 'A4',
    margin: PAGE_MARGIN,
    bufferPages: true,
    info: { Title: pdfText(title), Creator: 'Ledgerdesk emulator', Subject: 'UBL 2.1 document' },
  });
  const chunks: Buffer[] = [];
  const finished = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  // Every section is bounded (documents/text.ts); between sections the other requests of all five
  // listeners get their turn, so one large document does not stall the emulator.
  const sections = [writeHeader, writeParties, writeReferences, writeLines, writeAllowanceCharges, writeTaxBreakdown, writeTotals, writePayment, writeNotes, writeAttachments];
  for (const write of sections) {
    write(pdf, document, title);
    await new Promise<void>((resume) => setImmediate(resume));
  }
  footers(pdf, `${title} · rendered from the UBL 2.1 source`);
  pdf.end();
  return finished;
}

function writeHeader(pdf: Pdf, document: UblDocument, title: string): void {
  const width = contentWidth(pdf);
  pdf.font(BOLD).fontSize(20).fillColor('#1f3a5f').text(pdfText(title), PAGE_MARGIN, PAGE_MARGIN, { width });
  pdf.fillColor('#000000').moveDown(0.3);
  labelledRows(pdf, [
    ['Issue date', [document.issueDate, document.issueTime].filter(Boolean).join(' ')],
    ['Due date', document.dueDate],
    ['Type code', typeCodeText(document.documentType, document.typeCode)],
    ['Currency', document.currency],
    ['Period', document.period ? [document.period.startDate, document.period.endDate].filter(Boolean).join(' – ') : undefined],
    ['Buyer reference', document.buyerReference],
  ]);
}

function writeParties(pdf: Pdf, document: UblDocument): void {
  const [senderLabel, recipientLabel] = partyLabels[document.documentType];
  ensureSpace(pdf, 120);
  pdf.moveDown(0.8);
  const top = pdf.y;
  const columnWidth = (contentWidth(pdf) - 20) / 2;
  const block = (x: number, label: string, name: string | undefined, lines: string[]) => {
    pdf.font(BOLD).fontSize(9).fillColor('#1f3a5f').text(pdfText(label), x, top, { width: columnWidth });
    pdf.fillColor('#000000').font(BOLD).fontSize(11).text(pdfText(name ?? '(no name)'), x, pdf.y, { width: columnWidth });
    pdf.font(FONT).fontSize(9);
    for (const line of lines) pdf.text(pdfText(line), x, pdf.y, { width: columnWidth });
    return pdf.y;
  };
  const leftBottom = block(PAGE_MARGIN, senderLabel, document.sender?.name, partyLines(document.sender));
  const rightBottom = block(PAGE_MARGIN + columnWidth + 20, recipientLabel, document.recipient?.name, partyLines(document.recipient));
  pdf.y = Math.max(leftBottom, rightBottom);
  pdf.x = PAGE_MARGIN;

  const others: Array<[string, UblDocument['sender']]> = [];
  if (document.parties.payee) others.push(['Payee', document.parties.payee]);
  if (document.parties.taxRepresentative) others.push(['Tax representative', document.parties.taxRepresentative]);
  if (document.documentType === 'despatch-advice') {
    if (document.parties.buyer) others.push(['Buyer', document.parties.buyer]);
    if (document.parties.seller) others.push(['Seller', document.parties.seller]);
  }
  for (const [label, party] of others) {
    heading(pdf, label);
    labelledRows(pdf, [['Name', party?.name], ['Details', partyLines(party).join('; ')]]);
  }
}

function writeReferences(pdf: Pdf, document: UblDocument): void {
  const { references, delivery } = document;
  const rows: Array<[string, string | undefined]> = [
    ['Order', references.order],
    ['Sales order', references.salesOrder],
    ['Invoice referred to', references.billing.join(', ') || undefined],
    ['Contract', references.contract],
    ['Despatch advice', references.despatch.join(', ') || undefined],
    ['Receipt advice', references.receipt.join(', ') || undefined],
    ['Project', references.project],
    ['Customer reference', references.customerReference],
    ['Accounting cost', document.accountingCost],
    ['Delivery date', delivery?.date],
    ['Delivery location', delivery?.locationId ? identifierText(delivery.locationId) : undefined],
  ];
  if (rows.some(([, value]) => value)) {
    heading(pdf, 'References and delivery');
    labelledRows(pdf, rows);
  }
}

function itemText(line: DocumentLine): string {
  const parts = [line.item.name, line.item.description && line.item.description !== line.item.name ? line.item.description : undefined];
  const ids = [line.item.sellersItemId && `Item ${line.item.sellersItemId}`, line.item.standardItemId && `GTIN ${identifierText(line.item.standardItemId)}`];
  return [...parts, ids.filter(Boolean).join(', '), ...line.notes].filter(Boolean).join('\n');
}

function writeLines(pdf: Pdf, document: UblDocument): void {
  heading(pdf, `Lines (${document.lines.length})`);
  if (document.lines.length === 0) {
    labelledRows(pdf, [['', 'This document has no lines.']]);
    return;
  }
  const width = contentWidth(pdf);
  if (document.documentType === 'despatch-advice') {
    const columns: Column[] = [
      { title: '#', width: 30 },
      { title: 'Item', width: width - 30 - 80 - 80 - 50 },
      { title: 'Delivered', width: 80, align: 'right' },
      { title: 'Outstanding', width: 80, align: 'right' },
      { title: 'Unit', width: 50 },
    ];
    table(pdf, columns, document.lines.map((line) => [line.id ?? '', itemText(line), quantityText(line.quantity), quantityText(line.outstandingQuantity), line.quantity?.unitCode ?? '']));
    return;
  }
  const withStatus = document.documentType === 'order-response';
  const columns: Column[] = [
    { title: '#', width: 25 },
    { title: 'Description', width: 0 },
    ...(withStatus ? [{ title: 'Status', width: 60 }] : []),
    { title: 'Qty', width: 50, align: 'right' as const },
    { title: 'Unit', width: 35 },
    { title: 'Price', width: 70, align: 'right' as const },
    { title: 'VAT', width: 45, align: 'right' as const },
    { title: 'Amount', width: 75, align: 'right' as const },
  ];
  (columns[1] as Column).width = width - columns.reduce((sum, column) => sum + column.width, 0);
  const rows = document.lines.map((line) => {
    const category = line.item.taxCategory;
    const vat = category ? [category.id, category.percent !== undefined ? `${category.percent} %` : undefined].filter(Boolean).join(' ') : '';
    return [
      line.id ?? '',
      itemText(line),
      ...(withStatus ? [lineStatusText(line.lineStatusCode)] : []),
      quantityText(line.quantity),
      line.quantity?.unitCode ?? '',
      line.price ? `${line.price.text}${line.baseQuantity ? ` / ${line.baseQuantity.text}` : ''}` : '',
      vat,
      line.lineExtensionAmount?.text ?? '',
    ];
  });
  table(pdf, columns, rows);
}

function writeAllowanceCharges(pdf: Pdf, document: UblDocument): void {
  if (document.allowanceCharges.length === 0) return;
  heading(pdf, 'Allowances and charges');
  const width = contentWidth(pdf);
  table(
    pdf,
    [
      { title: 'Kind', width: 70 },
      { title: 'Reason', width: width - 70 - 70 - 110 },
      { title: 'VAT', width: 70 },
      { title: 'Amount', width: 110, align: 'right' },
    ],
    document.allowanceCharges.map((charge) => [
      charge.isCharge ? 'Charge' : 'Allowance',
      [charge.reason, charge.reasonCode && `(${charge.reasonCode})`].filter(Boolean).join(' '),
      charge.taxCategory ? [charge.taxCategory.id, charge.taxCategory.percent !== undefined ? `${charge.taxCategory.percent} %` : undefined].filter(Boolean).join(' ') : '',
      amountText(charge.amount),
    ]),
  );
}

function writeTaxBreakdown(pdf: Pdf, document: UblDocument): void {
  const taxTotal = document.taxTotal;
  if (!taxTotal || (taxTotal.subtotals.length === 0 && !taxTotal.taxAmount)) return;
  heading(pdf, 'VAT breakdown');
  const width = contentWidth(pdf);
  if (taxTotal.subtotals.length > 0) {
    table(
      pdf,
      [
        { title: 'Category', width: 70 },
        { title: 'Rate', width: 60, align: 'right' },
        { title: 'Exemption', width: width - 70 - 60 - 120 - 120 },
        { title: 'Taxable amount', width: 120, align: 'right' },
        { title: 'VAT amount', width: 120, align: 'right' },
      ],
      taxTotal.subtotals.map((subtotal) => [
        subtotal.category.id ?? '',
        subtotal.category.percent !== undefined ? `${subtotal.category.percent} %` : '',
        subtotal.category.exemptionReason ?? subtotal.category.exemptionReasonCode ?? '',
        amountText(subtotal.taxableAmount),
        amountText(subtotal.taxAmount),
      ]),
    );
  }
  labelledRows(pdf, [['Total VAT', amountText(taxTotal.taxAmount)]]);
}

function writeTotals(pdf: Pdf, document: UblDocument): void {
  const totals = document.totals;
  if (!totals) return;
  heading(pdf, 'Totals');
  labelledRows(
    pdf,
    [
      ['Sum of lines', amountText(totals.lineExtensionAmount)],
      ['Allowances', amountText(totals.allowanceTotalAmount)],
      ['Charges', amountText(totals.chargeTotalAmount)],
      ['Total without VAT', amountText(totals.taxExclusiveAmount)],
      ['Total with VAT', amountText(totals.taxInclusiveAmount)],
      ['Prepaid', amountText(totals.prepaidAmount)],
      ['Rounding', amountText(totals.payableRoundingAmount)],
      ['Amount due', amountText(totals.payableAmount)],
    ],
    160,
  );
}

function writePayment(pdf: Pdf, document: UblDocument): void {
  if (document.paymentMeans.length === 0 && document.paymentTerms.length === 0) return;
  heading(pdf, 'Payment');
  for (const means of document.paymentMeans) {
    labelledRows(pdf, [
      ['Payment means', paymentMeansName(means.code, means.name)],
      ['Account', [means.account, means.accountName && `(${means.accountName})`].filter(Boolean).join(' ') || undefined],
      ['Bank (BIC)', means.financialInstitution],
      ['Payment reference', means.paymentId],
      ['Due date', means.dueDate],
      ['Card', means.cardPrimaryAccountNumber],
      ['Mandate', means.mandateId],
    ]);
  }
  labelledRows(pdf, document.paymentTerms.map((term) => ['Terms', term] as [string, string]));
}

function writeNotes(pdf: Pdf, document: UblDocument): void {
  if (document.notes.length === 0) return;
  heading(pdf, 'Notes');
  pdf.font(FONT).fontSize(9);
  for (const note of document.notes) {
    const text = pdfText(note);
    ensureSpace(pdf, pdf.heightOfString(text, { width: contentWidth(pdf) }) + 4);
    pdf.text(text, PAGE_MARGIN, pdf.y, { width: contentWidth(pdf) });
    pdf.moveDown(0.3);
  }
}

function writeAttachments(pdf: Pdf, document: UblDocument): void {
  if (document.attachments.length === 0) return;
  heading(pdf, 'Attachments');
  const width = contentWidth(pdf);
  table(
    pdf,
    [
      { title: 'Reference', width: 90 },
      { title: 'Description', width: width - 90 - 140 - 110 - 70 },
      { title: 'File', width: 140 },
      { title: 'Type', width: 110 },
      { title: 'Size', width: 70, align: 'right' },
    ],
    document.attachments.map((attachment) => [
      attachment.id ?? '',
      attachment.description ?? attachment.documentType ?? '',
      attachment.filename ?? attachment.uri ?? '',
      attachment.mimeCode ?? (attachment.uri ? 'external link' : ''),
      formatBytes(attachment.size),
    ]),
  );
}

import type { pdfViewerEn } from './en';

/** Norwegian Bokmål strings of the PDF viewer. */
export const pdfViewerNb: Record<keyof typeof pdfViewerEn, string> = {
  label: 'Forhåndsvisning av PDF: {{name}}',
  toolbar: 'PDF-verktøy',
  pages: 'PDF-sider',
  loading: 'Åpner PDF-en…',
  openFailed: 'Denne PDF-en kunne ikke åpnes',
  openFailedBody: 'Filen kan være skadet eller ikke være en PDF i det hele tatt. Du kan likevel lagre den og prøve et annet program.',
  zoomIn: 'Zoom inn',
  zoomOut: 'Zoom ut',
  zoomLevel: 'Zoomnivå',
  percent: '{{value}} %',
  fitWidth: 'Tilpass bredden',
  fitPage: 'Tilpass siden',
  previousPage: 'Forrige side',
  nextPage: 'Neste side',
  pageOf: 'Side {{page}} av {{count}}',
  pageFailed: 'Side {{page}} kunne ikke tegnes.',
  save: 'Lagre PDF',
  print: 'Skriv ut',
  preparingPrint: 'Klargjør sidene for utskrift: {{page}} av {{count}}…',
  printFailed: 'PDF-en kunne ikke klargjøres for utskrift',
};

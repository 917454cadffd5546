import type { pdfViewerEn } from './en';

/** Italian strings of the PDF viewer. */
export const pdfViewerIt: Record<keyof typeof pdfViewerEn, string> = {
  label: 'Anteprima PDF: {{name}}',
  toolbar: 'Strumenti PDF',
  pages: 'Pagine del PDF',
  loading: 'Apertura del PDF…',
  openFailed: 'Impossibile aprire questo PDF',
  openFailedBody: 'Il file potrebbe essere danneggiato o non essere un PDF. Puoi comunque salvarlo e provare con un altro programma.',
  zoomIn: 'Ingrandisci',
  zoomOut: 'Riduci',
  zoomLevel: 'Livello di zoom',
  percent: '{{value}} %',
  fitWidth: 'Adatta alla larghezza',
  fitPage: 'Adatta alla pagina',
  previousPage: 'Pagina precedente',
  nextPage: 'Pagina successiva',
  pageOf: 'Pagina {{page}} di {{count}}',
  pageFailed: 'Impossibile disegnare la pagina {{page}}.',
  save: 'Salva PDF',
  print: 'Stampa',
  preparingPrint: 'Preparazione delle pagine per la stampa: {{page}} di {{count}}…',
  printFailed: 'Impossibile preparare il PDF per la stampa',
};

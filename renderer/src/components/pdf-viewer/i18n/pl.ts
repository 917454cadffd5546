import type { pdfViewerEn } from './en';

/** Polish strings of the PDF viewer. */
export const pdfViewerPl: Record<keyof typeof pdfViewerEn, string> = {
  label: 'Podgląd PDF: {{name}}',
  toolbar: 'Narzędzia PDF',
  pages: 'Strony PDF',
  loading: 'Otwieranie pliku PDF…',
  openFailed: 'Nie udało się otworzyć tego pliku PDF',
  openFailedBody: 'Plik może być uszkodzony albo w ogóle nie jest plikiem PDF. Nadal możesz go zapisać i otworzyć w innym programie.',
  zoomIn: 'Powiększ',
  zoomOut: 'Pomniejsz',
  zoomLevel: 'Powiększenie',
  percent: '{{value}}%',
  fitWidth: 'Dopasuj do szerokości',
  fitPage: 'Dopasuj do strony',
  previousPage: 'Poprzednia strona',
  nextPage: 'Następna strona',
  pageOf: 'Strona {{page}} z {{count}}',
  pageFailed: 'Nie udało się narysować strony {{page}}.',
  save: 'Zapisz PDF',
  print: 'Drukuj',
  preparingPrint: 'Przygotowywanie stron do druku: {{page}} z {{count}}…',
  printFailed: 'Nie udało się przygotować pliku PDF do druku',
};

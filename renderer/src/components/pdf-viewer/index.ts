export { PdfViewer, type PdfViewerProps } from './PdfViewer';
export { saveBytes, base64ToBytes } from './save-bytes';
export { usePdfJsEarly } from './usePdfJsEarly';

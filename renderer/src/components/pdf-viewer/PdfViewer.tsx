import './pdf-viewer.css';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../Alert';
import { Button } from '../Button';
import { Spinner } from '../Spinner';
import { printPdf } from './print-pages';
import { PdfPageView } from './PdfPageView';
import { saveBytes } from './save-bytes';
import { usePdfDocument } from './usePdfDocument';
import { ViewerIcon } from './ViewerIcon';
import { currentPageAt, fitPageScale, fitWidthScale, percent, zoomIn, zoomOut, type PageSize, type ZoomMode } from './zoom';

export interface PdfViewerProps {
  /** The PDF file. The viewer never detaches or changes it. */
  bytes: Uint8Array;
  /** Used by Save and in the viewer's accessible name. */
  fileName: string;
  /** Accessible name of the viewer; defaults to "PDF preview: <fileName>". */
  label?: string;
}

/** Space around the pages inside the scroll area (keep in step with .pdf-viewer__pages padding). */
const PAGES_PADDING = 16;
/** Above this many pages, canvases far off screen are released. */
const RELEASE_ABOVE_PAGES = 8;

/**
 * A PDF viewer on pdf.js (loaded lazily): pages drawn on canvases as they scroll into view, zoom,
 * fit width / fit page, page indicator, Save and Print. A file pdf.js cannot read shows an error
 * (and can still be saved).
 */
export function PdfViewer({ bytes, fileName, label }: PdfViewerProps) {
  const { t } = useTranslation();
  const state = usePdfDocument(bytes);
  const save = useCallback(() => saveBytes(bytes, fileName, 'application/pdf'), [bytes, fileName]);
  return (
    <section className="pdf-viewer" aria-label={label ?? t('pdfViewer.label', { name: fileName })} aria-busy={state.status === 'loading'}>
      {state.status === 'ready' ? (
        <ReadyViewer pdf={state.pdf} firstPage={state.firstPage} onSave={save} />
      ) : (
        <>
          <div className="pdf-viewer__toolbar" role="toolbar" aria-label={t('pdfViewer.toolbar')}>
            <span className="spacer" />
            <Button size="sm" variant="ghost" onClick={save}>
              <ViewerIcon name="download" />
              {t('pdfViewer.save')}
            </Button>
          </div>
          <div className="pdf-viewer__message">
            {state.status === 'loading' ? (
              <div className="status-line status-line--pending" role="status">
                <Spinner size="md" />
                <span>{t('pdfViewer.loading')}</span>
              </div>
            ) : (
              <Alert tone="error" title={t('pdfViewer.openFailed')}>
                <p>{t('pdfViewer.openFailedBody')}</p>
                <p className="alert__detail">{t('common.detail', { message: state.message })}</p>
              </Alert>
            )}
          </div>
        </>
      )}
    </section>
  );
}

interface ReadyViewerProps {
  pdf: PDFDocumentProxy;
  firstPage: PageSize;
  onSave: () => void;
}

function ReadyViewer({ pdf, firstPage, onSave }: ReadyViewerProps) {
  const { t } = useTranslation();
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const [scrollRoot, setScrollRoot] = useState<HTMLDivElement | null>(null);
  const attachScroll = useCallback((element: HTMLDivElement | null) => {
    scrollRef.current = element;
    setScrollRoot(element);
  }, []);
  const [box, setBox] = useState({ width: 0, height: 0 });
  const [zoom, setZoom] = useState<{ mode: ZoomMode; scale: number }>({ mode: 'fit-width', scale: 1 });
  const [sizes, setSizes] = useState<Record<number, PageSize>>({});
  const [currentPage, setCurrentPage] = useState(1);
  const [printing, setPrinting] = useState<{ done: number; total: number } | null>(null);
  const [printError, setPrintError] = useState<string | null>(null);
  const pageCount = pdf.numPages;

  useEffect(() => {
    if (!scrollRoot) return;
    const observer = new ResizeObserver(() =>
      setBox({ width: scrollRoot.clientWidth - 2 * PAGES_PADDING, height: scrollRoot.clientHeight - 2 * PAGES_PADDING }),
    );
    observer.observe(scrollRoot);
    return () => observer.disconnect();
  }, [scrollRoot]);

  const scale =
    zoom.mode === 'fit-width'
      ? fitWidthScale(firstPage, box.width)
      : zoom.mode === 'fit-page'
        ? fitPageScale(firstPage, box.width, box.height)
        : zoom.scale;

  // Zooming keeps the same part of the document in view.
  const previousScale = useRef(scale);
  useLayoutEffect(() => {
    const before = previousScale.current;
    previousScale.current = scale;
    const element = scrollRef.current;
    if (!element || before === scale || before <= 0) return;
    element.scrollTop = element.scrollTop * (scale / before);
  }, [scale]);

  const onSize = useCallback((pageNumber: number, size: PageSize) => {
    setSizes((previous) => {
      const known = previous[pageNumber];
      return known && known.width === size.width && known.height === size.height ? previous : { ...previous, [pageNumber]: size };
    });
  }, []);

  const frame = useRef<number | null>(null);
  const onScroll = () => {
    const element = scrollRef.current;
    if (frame.current !== null || !element) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = null;
      const tops = Array.from(element.querySelectorAll<HTMLElement>('.pdf-page'), (page) => page.offsetTop);
      setCurrentPage(currentPageAt(tops, element.scrollTop, element.clientHeight));
    });
  };
  useEffect(() => () => {
    if (frame.current !== null) cancelAnimationFrame(frame.current);
  }, []);

  const goToPage = (pageNumber: number) => {
    const element = scrollRef.current;
    const target = element?.querySelector<HTMLElement>(`.pdf-page[data-page-number="${pageNumber}"]`);
    if (!element || !target) return;
    element.scrollTop = target.offsetTop - PAGES_PADDING;
    setCurrentPage(pageNumber);
  };

  const print = () => {
    setPrintError(null);
    setPrinting({ done: 0, total: pageCount });
    printPdf(pdf, (done, total) => setPrinting({ done, total }))
      .catch((error: unknown) => setPrintError(error instanceof Error ? error.message : String(error)))
      .finally(() => setPrinting(null));
  };

  const pages = Array.from({ length: pageCount }, (_, index) => index + 1);
  return (
    <>
      <div className="pdf-viewer__toolbar" role="toolbar" aria-label={t('pdfViewer.toolbar')}>
        <div className="pdf-viewer__group">
          <button type="button" className="icon-button" aria-label={t('pdfViewer.zoomOut')} title={t('pdfViewer.zoomOut')} onClick={() => setZoom({ mode: 'custom', scale: zoomOut(scale) })}>
            <ViewerIcon name="zoomOut" />
          </button>
          <output className="pdf-viewer__zoom" aria-label={t('pdfViewer.zoomLevel')}>
            {t('pdfViewer.percent', { value: percent(scale) })}
          </output>
          <button type="button" className="icon-button" aria-label={t('pdfViewer.zoomIn')} title={t('pdfViewer.zoomIn')} onClick={() => setZoom({ mode: 'custom', scale: zoomIn(scale) })}>
            <ViewerIcon name="zoomIn" />
          </button>
        </div>
        <div className="pdf-viewer__group">
          <button
            type="button"
            className="icon-button"
            aria-label={t('pdfViewer.fitWidth')}
            title={t('pdfViewer.fitWidth')}
            aria-pressed={zoom.mode === 'fit-width'}
            onClick={() => setZoom({ mode: 'fit-width', scale })}
          >
            <ViewerIcon name="fitWidth" />
          </button>
          <button
            type="button"
            className="icon-button"
            aria-label={t('pdfViewer.fitPage')}
            title={t('pdfViewer.fitPage')}
            aria-pressed={zoom.mode === 'fit-page'}
            onClick={() => setZoom({ mode: 'fit-page', scale })}
          >
            <ViewerIcon name="fitPage" />
          </button>
        </div>
        <div className="pdf-viewer__group">
          <button type="button" className="icon-button" aria-label={t('pdfViewer.previousPage')} title={t('pdfViewer.previousPage')} disabled={currentPage <= 1} onClick={() => goToPage(currentPage - 1)}>
            <ViewerIcon name="chevronUp" />
          </button>
          <span className="pdf-viewer__page-indicator">{t('pdfViewer.pageOf', { page: currentPage, count: pageCount })}</span>
          <button type="button" className="icon-button" aria-label={t('pdfViewer.nextPage')} title={t('pdfViewer.nextPage')} disabled={currentPage >= pageCount} onClick={() => goToPage(currentPage + 1)}>
            <ViewerIcon name="chevronDown" />
          </button>
        </div>
        <span className="spacer" />
        <Button size="sm" variant="ghost" onClick={onSave}>
          <ViewerIcon name="download" />
          {t('pdfViewer.save')}
        </Button>
        <Button size="sm" variant="ghost" onClick={print} pending={printing !== null}>
          {printing === null ? <ViewerIcon name="print" /> : null}
          {t('pdfViewer.print')}
        </Button>
      </div>
      {printing !== null ? (
        <p className="pdf-viewer__note" role="status">
          {t('pdfViewer.preparingPrint', { page: printing.done, count: printing.total })}
        </p>
      ) : null}
      {printError !== null ? (
        <Alert tone="error" title={t('pdfViewer.printFailed')}>
          <p className="alert__detail">{t('common.detail', { message: printError })}</p>
        </Alert>
      ) : null}
      <div ref={attachScroll} className="pdf-viewer__pages" onScroll={onScroll} tabIndex={0} aria-label={t('pdfViewer.pages')} role="group">
        {box.width > 0
          ? pages.map((pageNumber) => (
              <PdfPageView
                key={pageNumber}
                pdf={pdf}
                pageNumber={pageNumber}
                scale={scale}
                size={sizes[pageNumber] ?? firstPage}
                scrollRoot={scrollRoot}
                releaseWhenHidden={pageCount > RELEASE_ABOVE_PAGES}
                onSize={onSize}
              />
            ))
          : null}
      </div>
    </>
  );
}

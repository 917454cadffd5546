import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { outputScale, type PageSize } from './zoom';

interface PdfPageViewProps {
  pdf: PDFDocumentProxy;
  pageNumber: number;
  scale: number;
  /** The size to reserve until the page itself is known (the first page's size). */
  size: PageSize;
  scrollRoot: HTMLElement | null;
  /** Long documents give canvases back when they scroll far away, keeping memory flat. */
  releaseWhenHidden: boolean;
  onSize: (pageNumber: number, size: PageSize) => void;
}

const isCancelled = (error: unknown): boolean => error instanceof Error && error.name === 'RenderingCancelledException';

/**
 * One page: a box of the page's size that draws its canvas only while it is on screen (or close).
 * The new canvas replaces the old one when it is ready, so zooming does not flash blank pages.
 */
export function PdfPageView({ pdf, pageNumber, scale, size, scrollRoot, releaseWhenHidden, onSize }: PdfPageViewProps) {
  const { t } = useTranslation();
  const boxRef = useRef<HTMLDivElement>(null);
  const holderRef = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(false);
  const [failed, setFailed] = useState(false);
  /** The scale the canvas in the holder was drawn at (null: no canvas). */
  const drawnScale = useRef<number | null>(null);

  useEffect(() => {
    const box = boxRef.current;
    if (!box || !scrollRoot) return;
    const observer = new IntersectionObserver((entries) => setVisible(entries.some((entry) => entry.isIntersecting)), {
      root: scrollRoot,
      rootMargin: '100% 0px',
    });
    observer.observe(box);
    return () => observer.disconnect();
  }, [scrollRoot]);

  useEffect(() => {
    const holder = holderRef.current;
    if (!holder) return;
    if (!visible) {
      if (releaseWhenHidden) {
        holder.replaceChildren();
        drawnScale.current = null;
      }
      return;
    }
    if (drawnScale.current === scale) return;
    let task: RenderTask | null = null;
    let active = true;
    void (async () => {
      try {
        const page = await pdf.getPage(pageNumber);
        if (!active) return;
        const natural = page.getViewport({ scale: 1 });
        onSize(pageNumber, { width: natural.width, height: natural.height });
        const viewport = page.getViewport({ scale });
        const ratio = outputScale(viewport.width, viewport.height, window.devicePixelRatio || 1);
        const canvas = document.createElement('canvas');
        canvas.width = Math.max(1, Math.floor(viewport.width * ratio));
        canvas.height = Math.max(1, Math.floor(viewport.height * ratio));
        canvas.style.width = `${Math.floor(viewport.width)}px`;
        canvas.style.height = `${Math.floor(viewport.height)}px`;
        task = page.render({ canvas, viewport, transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0] });
        await task.promise;
        if (!active) return;
        holder.replaceChildren(canvas);
        drawnScale.current = scale;
        setFailed(false);
      } catch (error) {
        if (active && !isCancelled(error)) setFailed(true);
      }
    })();
    return () => {
      active = false;
      task?.cancel();
    };
  }, [pdf, pageNumber, scale, visible, releaseWhenHidden, onSize]);

  const label = t('pdfViewer.pageOf', { page: pageNumber, count: pdf.numPages });
  return (
    <div
      ref={boxRef}
      className="pdf-page"
      data-page-number={pageNumber}
      role="img"
      aria-label={label}
      style={{ width: Math.floor(size.width * scale), height: Math.floor(size.height * scale) }}
    >
      <div ref={holderRef} className="pdf-page__canvas" />
      {failed ? <p className="pdf-page__failed">{t('pdfViewer.pageFailed', { page: pageNumber })}</p> : null}
    </div>
  );
}

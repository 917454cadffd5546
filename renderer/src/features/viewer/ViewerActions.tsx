import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ViewedDocument } from '../../../../shared/contract';
import { bridge } from '../../bridge';
import { Button } from '../../components/Button';
import { base64ToBytes, saveBytes } from '../../components/pdf-viewer';
import { showToast } from '../../components/toast-store';
import { describeError } from '../../i18n/errors';
import { DocIcon } from '../documents/DocIcon';
import { layoutHtml, printHtml } from './printable';

interface ViewerActionsProps {
  document: ViewedDocument;
  /** The stylesheet's HTML when that is what is shown. */
  stylesheetHtml: string | undefined;
  layoutElement(): HTMLElement | null;
}

/** Print, and Save as PDF (written by the core, text kept, named after the document number). */
export function ViewerActions({ document, stylesheetHtml, layoutElement }: ViewerActionsProps) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
  const title = document.summary.number ?? document.name.replace(/\.[^.]+$/, '');
  const printable = (): string | null => {
    if (stylesheetHtml) return stylesheetHtml;
    const element = layoutElement();
    return element ? layoutHtml(element, title) : null;
  };
  const print = () => {
    const html = printable();
    if (html) printHtml(html, title);
  };
  const savePdf = async () => {
    const html = printable();
    if (!html) return;
    setSaving(true);
    try {
      const file = await bridge.invoke('viewer.pdf', { html, fileName: title });
      saveBytes(base64ToBytes(file.base64), file.fileName, file.contentType);
      showToast({ tone: 'success', title: t('viewer.actions.pdfSaved', { name: file.fileName }) });
    } catch (error) {
      const { summary, detail } = describeError(t, error);
      showToast({ tone: 'error', title: t('viewer.actions.pdfFailed'), body: detail ? `${summary} ${detail}` : summary });
    } finally {
      setSaving(false);
    }
  };
  if (document.problem) return null;
  return (
    <div className="viewer__actions">
      <Button size="sm" variant="ghost" onClick={print}>
        <DocIcon name="file" />
        {t('viewer.actions.print')}
      </Button>
      <Button size="sm" variant="secondary" pending={saving} onClick={() => void savePdf()}>
        <DocIcon name="pdf" />
        {saving ? t('viewer.actions.savingPdf') : t('viewer.actions.savePdf')}
      </Button>
    </div>
  );
}

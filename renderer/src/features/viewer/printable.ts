/**
 * The HTML that Print and Save as PDF use: the stylesheet's output as the core returned it, or the
 * Ledgerdesk layout the user sees (its markup plus the app's CSS, in the light theme, since paper
 * is white). The core prints it with scripts off and no network; Print uses a frame that cannot
 * run scripts either.
 */
import { escapeHtml } from '../../../../shared/viewer/sandboxed-html';

function appCss(): string {
  const parts: string[] = [];
  for (const sheet of Array.from(document.styleSheets)) {
    try {
      for (const rule of Array.from(sheet.cssRules)) parts.push(rule.cssText);
    } catch {
      // A sheet we may not read (another origin) is left out.
    }
  }
  return parts.join('\n');
}

export function layoutHtml(element: HTMLElement, title: string): string {
  const css = `${appCss()}\nbody{margin:0;padding:24px;background:#fff}\n@page{margin:14mm}`;
  return `<!DOCTYPE html><html data-theme="light" lang="${escapeHtml(document.documentElement.lang || 'en')}"><head><title>${escapeHtml(title)}</title><style>${css.replace(/<\/style/gi, '<\\/style')}</style></head><body class="viewer-print">${element.outerHTML}</body></html>`;
}

/** Prints HTML through a hidden same-origin frame that may not run scripts, then removes it. */
export function printHtml(html: string, title: string): void {
  const frame = document.createElement('iframe');
  frame.setAttribute('sandbox', 'allow-same-origin allow-modals');
  frame.setAttribute('aria-hidden', 'true');
  frame.title = title;
  frame.style.cssText = 'position:fixed;width:0;height:0;border:0;right:0;bottom:0;visibility:hidden';
  frame.srcdoc = html;
  frame.addEventListener('load', () => {
    const target = frame.contentWindow;
    if (target) {
      target.document.title = title;
      target.focus();
      target.print();
    }
    setTimeout(() => frame.remove(), 1000);
  });
  document.body.append(frame);
}

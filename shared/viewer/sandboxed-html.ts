/**
 * Wraps untrusted document HTML (a stylesheet's output, or a layout printed to PDF) so that it can
 * neither run scripts nor reach the network: a CSP that allows only inline styles and `data:`
 * images, no `<base>`/refresh of its own, and links that cannot navigate the frame. The policy is the
 * first element of the document whatever the markup holds; printing adds it as a response header too. Shown in an
 * `<iframe sandbox>` (no `allow-scripts`, no `allow-same-origin`), which enforces the rest.
 */
export const DOCUMENT_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:; form-action 'none'; base-uri 'none'";

/** A printed page's policy, sent as a response header: the viewer's, and no frame, object, worker or script of any kind. */
export const PRINTED_PAGE_CSP = `${DOCUMENT_CSP}; frame-src 'none'; child-src 'none'; object-src 'none'; worker-src 'none'; script-src 'none'; connect-src 'none'; media-src 'none'; manifest-src 'none'`;

const REMOVED = [
  /<script\b[\s\S]*?<\/script\s*>/gi,
  /<script\b[^>]*\/?>/gi,
  /<meta\b[^>]*http-equiv\s*=\s*["']?(refresh|content-security-policy|set-cookie)[^>]*>/gi,
  /<base\b[^>]*>/gi,
  /<link\b[^>]*>/gi,
];

export function sandboxedHtml(html: string, options: { title?: string; extraCss?: string } = {}): string {
  let body = html;
  for (const pattern of REMOVED) body = body.replace(pattern, '');
  const head = [
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${DOCUMENT_CSP}">`,
    '<meta name="referrer" content="no-referrer">',
    '<base target="_blank">',
    options.title ? `<title>${escapeHtml(options.title)}</title>` : '',
    options.extraCss ? `<style>${options.extraCss.replace(/<\/style/gi, '<\\/style')}</style>` : '',
  ].join('');
  // Always first in the document, never placed after a tag found in the markup (a late `<head>` or
  // one in a comment would leave the policy where the parser ignores it): an HTML parser puts what
  // follows (the page's own `<html>`, `<head>` and styles) after it, and it applies to all of it.
  return `<!DOCTYPE html><html><head>${head}</head>${body}`;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] as string);
}

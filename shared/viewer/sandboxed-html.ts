/**
 * Wraps untrusted document HTML (a stylesheet's output, or a layout printed to PDF) so that it can
 * neither run scripts nor reach the network: a CSP that allows only inline styles and `data:`
 * images, no `<base>`/refresh of its own, and links that cannot navigate the frame. Shown in an
 * `<iframe sandbox>` (no `allow-scripts`, no `allow-same-origin`), which enforces the rest.
 */
export const DOCUMENT_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:; form-action 'none'; base-uri 'none'";

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
  if (/<head\b[^>]*>/i.test(body)) return body.replace(/<head\b[^>]*>/i, (match) => `${match}${head}`);
  if (/<html\b[^>]*>/i.test(body)) return body.replace(/<html\b[^>]*>/i, (match) => `${match}<head>${head}</head>`);
  return `<!DOCTYPE html><html><head>${head}</head><body>${body}</body></html>`;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] as string);
}

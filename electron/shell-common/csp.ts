/**
 * The one Content-Security-Policy of the renderer (DESIGN §1), sent as a header by both shells.
 * No remote scripts, no eval; 'wasm-unsafe-eval' is for pdf.js's JPEG2000/JBIG2 decoders (DESIGN §10);
 * workers come from the app's own origin (pdf.js worker) or blob: (Vite's worker wrappers);
 * inline styles are allowed because React and libraries set style attributes.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "frame-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** Headers sent with every renderer file by both shells. */
export const rendererSecurityHeaders: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'X-Frame-Options': 'DENY',
};

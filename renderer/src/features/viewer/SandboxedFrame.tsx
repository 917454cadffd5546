import { useState } from 'react';

/**
 * Untrusted document HTML (a stylesheet's output, already wrapped by the core with a CSP that
 * forbids scripts and every network load). `sandbox=""` grants nothing: no scripts, no same-origin,
 * no forms, no popups, no top navigation. The frame grows to its content's height where it can
 * measure it; a sandboxed document is cross-origin, so the height comes from a fixed minimum.
 */
export function SandboxedFrame({ html, title }: { html: string; title: string }) {
  const [height] = useState(1100);
  return <iframe className="viewer-frame" title={title} sandbox="" referrerPolicy="no-referrer" srcDoc={html} style={{ height }} />;
}

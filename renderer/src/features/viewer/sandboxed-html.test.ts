// @vitest-environment jsdom
/** Where an HTML parser puts the policy sandboxedHtml adds, whatever the untrusted markup does (issue 24, point 1). */
import { describe, expect, it } from 'vitest';
import { DOCUMENT_CSP, sandboxedHtml } from '../../../../shared/viewer/sandboxed-html';

/** The head as a browser's HTML parser builds it. */
const headOf = (html: string) => new DOMParser().parseFromString(html, 'text/html').head;

const headPolicies = (html: string): string[] =>
  [...headOf(html).querySelectorAll('meta')].filter((meta) => meta.getAttribute('http-equiv')?.toLowerCase() === 'content-security-policy').map((meta) => meta.getAttribute('content') ?? '');

describe('sandboxedHtml puts its policy where the parser applies it', () => {
  it.each([
    ['a late <head>', '<p>x</p><iframe src="file:///etc/passwd"></iframe><head><title>t</title></head>'],
    ['a <head> in a comment', '<!-- <head> --><iframe src="file:///etc/passwd"></iframe>'],
    ['a comment that never ends', '<!-- <head> <iframe src="file:///etc/passwd"></iframe>'],
    ['a whole document of its own', '<!DOCTYPE html><html lang="it"><head><style>p{color:red}</style></head><body><p>x</p></body></html>'],
    ['no markup at all', 'plain text'],
  ])('%s: the document head holds exactly the viewer policy', (_, html) => {
    expect(headPolicies(sandboxedHtml(html))).toEqual([DOCUMENT_CSP]);
  });

  it("keeps the page's own styles", () => {
    const wrapped = sandboxedHtml('<html><head><style>p{color:red}</style></head><body><p>x</p></body></html>');
    expect(headOf(wrapped).querySelector('style')?.textContent).toBe('p{color:red}');
  });
});

// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../i18n';
import { layoutHtml } from './printable';
import { VerificationCode } from './VerificationCode';

const code = {
  url: 'https://qr-test.ksef.mf.gov.pl/invoice/1111111111/01-02-2026/UtQp9Gpc51y-u3xApZjIjgkpZ01js-J8KflSPW8WzIE',
  label: 'OFFLINE',
  image: 'data:image/svg+xml;base64,PHN2Zy8+',
};

beforeAll(() => {
  initI18n('pl');
});
afterEach(cleanup);

describe('the KSeF verification code in the view', () => {
  it('shows the code as an inline data: image with the label under it and the URL, in the UI language', () => {
    const { container } = render(<VerificationCode code={code} />);
    const image = screen.getByRole('img', { name: 'Kod weryfikujący KSeF (KOD I)' });
    expect(image.getAttribute('src')).toBe(code.image);
    expect(screen.getByText('OFFLINE')).toBeTruthy();
    expect(screen.getByText(code.url)).toBeTruthy();
    // What Save as PDF prints is the view's markup: the code goes with it, with no network address.
    const printed = layoutHtml(container as HTMLElement, 'faktura');
    expect(printed).toContain(code.image);
    expect(printed).not.toMatch(/src="https?:/);
  });
});

// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { normalizeUblTree, parseXmlTree } from '../../../../shared/ubl';
import type { Party, UblDocument } from '../../../../shared/ubl/types';
import { initI18n } from '../../i18n';
import { packagesOf, PostAwardView } from './PostAwardView';

// The public fixtures beside the repository (../shared/fixtures), read as text at test time.
const files = import.meta.glob<string>('../../../../../shared/fixtures/**/*.xml', { query: '?raw', import: 'default', eager: true });
const index = Object.values(import.meta.glob<Array<{ path: string; kind: string }>>('../../../../../shared/fixtures/index.json', { import: 'default', eager: true }))[0] ?? [];
const postAward = index.filter((entry) => ['order', 'order-response', 'despatch-advice'].includes(entry.kind));

const read = (path: string): UblDocument => {
  const text = files[`../../../../../shared/fixtures/${path}`];
  if (text === undefined) throw new Error(`fixture ${path} not found`);
  return normalizeUblTree(parseXmlTree(text));
};
const partyName = (party: Party | undefined) => party?.name ?? party?.registrationName;

beforeAll(() => {
  initI18n('en');
});
afterEach(cleanup);

describe('orders, order responses and despatch advices each have their own layout', () => {
  it('finds every post-award fixture of the index', () => {
    expect(postAward.length).toBeGreaterThanOrEqual(14);
  });

  it.each(postAward.map((entry) => [entry.path, entry.kind] as const))('%s (%s) shows its number, date, parties and lines', (path, kind) => {
    const document = read(path);
    expect(document.documentType).toBe(kind);
    const { container } = render(<PostAwardView document={document} />);
    const header = container.querySelector<HTMLElement>('[data-place="header"]');
    if (!header) throw new Error('no header');
    if (document.id) expect(within(header).getByText(document.id)).toBeTruthy();
    expect(header.textContent).toMatch(/Issued/);
    for (const role of ['buyer', 'seller'] as const) {
      const name = partyName(document.parties[role]);
      if (name) expect(screen.getAllByText(name).length).toBeGreaterThan(0);
    }
    const rows = container.querySelectorAll('[data-place^="line-"]');
    expect(rows).toHaveLength(document.lines.length);
    document.lines.forEach((line, lineIndex) => {
      const row = rows[lineIndex] as HTMLElement;
      if (line.item.name) expect(row.textContent).toContain(line.item.name);
    });

    if (kind === 'order') {
      expect(screen.getByRole('heading', { name: `Order lines (${document.lines.length})` })).toBeTruthy();
      if (document.delivery) expect(screen.getByRole('heading', { name: 'Delivery' })).toBeTruthy();
      if (document.totals?.payableAmount) expect(screen.getAllByText('Order total').length).toBeGreaterThan(0);
    }
    if (kind === 'order-response') {
      expect(screen.getByRole('heading', { name: `Line responses (${document.lines.length})` })).toBeTruthy();
      const verdict = { AP: 'Accepted', RE: 'Rejected', CA: 'Accepted with changes', AB: 'Received (no decision yet)' }[document.typeCode ?? ''];
      if (verdict) expect(screen.getByRole('status').textContent).toContain(verdict);
    }
    if (kind === 'despatch-advice') {
      expect(screen.getByRole('heading', { name: `Despatched lines (${document.lines.length})` })).toBeTruthy();
      if (document.shipment) expect(screen.getByRole('heading', { name: 'Shipment' })).toBeTruthy();
      const units = packagesOf(document);
      if (units.length > 0) expect(screen.getByRole('heading', { name: `Packages (${units.length})` })).toBeTruthy();
    }
  });

  it('an order response answers each line: changed, accepted, substituted, against the order line', () => {
    const document = read('poacc-upgrade-3/OrderResponse_Example.xml');
    const { container } = render(<PostAwardView document={document} />);
    expect(screen.getByRole('status').textContent).toContain('Accepted with changes');
    const first = container.querySelector<HTMLElement>('[data-place="line-1"]');
    if (!first) throw new Error('no first line');
    expect(within(first).getByText('Changed')).toBeTruthy();
    expect(document.lines[0]?.orderLineReference).toBeTruthy();
    expect(first.textContent).toContain(document.lines[0]?.orderLineReference ?? '?');
    expect(document.lines.some((line) => line.substitutedItem)).toBe(true);
    expect(within(container.querySelector<HTMLElement>('[data-place="line-2"]') as HTMLElement).getByText('Accepted')).toBeTruthy();
  });

  it('a despatch advice shows the shipment, the carrier and the packages each line travels in', () => {
    const document = read('poacc-upgrade-3/DespatchAdvice-BIS3_UseCase5.xml');
    render(<PostAwardView document={document} />);
    const packages = screen.getByRole('heading', { name: /^Packages/ }).closest('section') as HTMLElement;
    // Two lines travel in the same box (173111000000000013): one row, both lines.
    const row = within(packages).getByText('173111000000000013').closest('tr') as HTMLElement;
    expect(row.textContent).toMatch(/1, 2$/);
    const withShipment = read('poacc-upgrade-3/DespatchAdvice-BIS3_UseCase2.xml');
    cleanup();
    render(<PostAwardView document={withShipment} />);
    const shipment = screen.getByRole('heading', { name: 'Shipment' }).closest('section') as HTMLElement;
    expect(shipment.textContent).toContain('CarrierPart');
    expect(shipment.textContent).toContain('23 KGM');
    const outstanding = screen.getAllByRole('row')[2] as HTMLElement;
    expect(outstanding.textContent).toContain('4 EA (AV)');
  });
});

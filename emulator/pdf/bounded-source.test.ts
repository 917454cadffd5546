import { describe, expect, it } from 'vitest';
import { parseXmlTree } from '../../shared/ubl';
import { boundTextRuns } from './bounded-source';
import { MAX_FIELD, MAX_RUN, pdfText } from './documents/text';

describe('bounded layout work', () => {
  it('cuts a huge text run before parsing, without cutting through an entity, and says how much is left out', () => {
    const run = `${'x'.repeat(MAX_FIELD - 202)}&amp;${'y'.repeat(3 * MAX_FIELD)}`;
    const bounded = boundTextRuns(`<Invoice><Note>${run}</Note><ID>1</ID></Invoice>`);
    const tree = parseXmlTree(bounded);
    const note = tree.children[0]?.text ?? '';
    expect(note.length).toBeLessThan(MAX_FIELD);
    expect(note).toMatch(/x \[30,\d{3} more characters in the source\]$/);
    expect(tree.children[1]?.text).toBe('1');
  });

  it('leaves ordinary documents and CDATA alone', () => {
    const ordinary = `<a><b>${'z'.repeat(100)}</b></a>`;
    expect(boundTextRuns(ordinary)).toBe(ordinary);
    const cdata = `<a><![CDATA[>${'z'.repeat(3 * MAX_FIELD)}]]></a>`;
    expect(boundTextRuns(cdata)).toBe(cdata);
  });

  it('breaks unbroken runs for layout and caps a field, saying so', () => {
    const text = pdfText('A'.repeat(MAX_FIELD + 500));
    expect(text).toMatch(/\[500 more characters are not shown here; the document's source has the full text\]$/);
    expect(Math.max(...text.split(' ').map((word) => word.length))).toBeLessThanOrEqual(MAX_RUN);
    expect(pdfText('Ordinary name AS')).toBe('Ordinary name AS');
  });
});

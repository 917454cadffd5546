/** prettyXml on hostile nesting (issue 24, point 2): refused before any work past the depth limit, linear below it. */
import { describe, expect, it } from 'vitest';
import { MAX_INDENT_LEVELS, prettyXml } from './pretty-xml';
import { MAX_XML_DEPTH, nestsDeeperThan } from './xml-depth';

const nested = (depth: number): string => `${'<a>'.repeat(depth)}x${'</a>'.repeat(depth)}`;

describe('prettyXml', () => {
  it('indents an ordinary document', () => {
    expect(prettyXml('<r><a>1</a><b><c/></b></r>')).toBe('<r>\n  <a>1</a>\n  <b>\n    <c/>\n  </b>\n</r>\n');
  });

  it('returns a text nested deeper than the limit as it is (13 000 levels used to make gigabytes)', () => {
    const xml = nested(13_000);
    expect(prettyXml(xml)).toBe(xml);
  });

  it('grows linearly with depth below the limit: the indent stops at its cap', () => {
    const output = prettyXml(nested(MAX_XML_DEPTH));
    const widest = Math.max(...output.split('\n').map((line) => line.length));
    expect(widest).toBeLessThanOrEqual(2 * MAX_INDENT_LEVELS + '<a>x</a>'.length);
  });
});

describe('nestsDeeperThan', () => {
  it('counts elements, not comments, CDATA, declarations or ">" in attribute values', () => {
    const xml = `<?xml version="1.0"?><!-- <a><a><a> --><r x="a>b"><![CDATA[<a><a><a>]]><s/><t></t></r>`;
    expect(nestsDeeperThan(xml, 2)).toBe(false);
    expect(nestsDeeperThan('<r><s><t/></s></r>', 1)).toBe(true);
    expect(nestsDeeperThan(nested(MAX_XML_DEPTH), MAX_XML_DEPTH)).toBe(false);
    expect(nestsDeeperThan(nested(MAX_XML_DEPTH + 1), MAX_XML_DEPTH)).toBe(true);
  });
});

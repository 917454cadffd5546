/**
 * How deep an XML text nests, counted in one linear pass that stops as soon as it passes the limit:
 * run before anything whose cost grows with depth (pretty-printing, the tree parser's recursion).
 * Comments, CDATA, processing instructions and declarations are skipped; quoted attribute values may hold `>`.
 */
export const MAX_XML_DEPTH = 256;

export function nestsDeeperThan(xml: string, limit: number = MAX_XML_DEPTH): boolean {
  let depth = 0;
  let at = xml.indexOf('<');
  while (at >= 0 && at < xml.length) {
    const next = xml.charCodeAt(at + 1);
    if (xml.startsWith('<!--', at)) at = endOf(xml, '-->', at + 4);
    else if (xml.startsWith('<![CDATA[', at)) at = endOf(xml, ']]>', at + 9);
    else if (next === 0x3f /* ? */ || next === 0x21 /* ! */) at = endOf(xml, '>', at + 2);
    else if (next === 0x2f /* / */) {
      depth -= 1;
      at = endOf(xml, '>', at + 2);
    } else {
      const close = tagEnd(xml, at + 1);
      if (close < 0) return false;
      if (xml.charCodeAt(close - 1) !== 0x2f) {
        depth += 1;
        if (depth > limit) return true;
      }
      at = close + 1;
    }
    if (at < 0) return false;
    at = xml.indexOf('<', at);
  }
  return false;
}

function endOf(xml: string, marker: string, from: number): number {
  const found = xml.indexOf(marker, from);
  return found < 0 ? -1 : found + marker.length;
}

/** The `>` that ends a start tag, past quoted attribute values. */
function tagEnd(xml: string, from: number): number {
  let quote = 0;
  for (let index = from; index < xml.length; index++) {
    const char = xml.charCodeAt(index);
    if (quote !== 0) {
      if (char === quote) quote = 0;
    } else if (char === 0x22 || char === 0x27) quote = char;
    else if (char === 0x3e) return index;
  }
  return -1;
}

/**
 * Re-indents well-formed XML for reading: one element per line, elements holding only text kept
 * on one line, prefixes, attributes, comments and CDATA kept as written. Linear in its output: the
 * indent stops growing past MAX_INDENT_LEVELS (deeper lines are indented as that level), and a text
 * nested deeper than MAX_XML_DEPTH is returned as it is, refused before any token is made.
 */
import { MAX_XML_DEPTH, nestsDeeperThan } from './xml-depth';

export const MAX_INDENT_LEVELS = 40;

const TOKEN =
  /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<\?[\s\S]*?\?>|<![^>]*>|<\/?[A-Za-z_:][^"'>]*(?:(?:"[^"]*"|'[^']*')[^"'>]*)*>|[^<]+/g;

type Kind = 'open' | 'close' | 'selfClosing' | 'text' | 'other';

function kindOf(token: string): Kind {
  if (!token.startsWith('<')) return 'text';
  if (token.startsWith('</')) return 'close';
  if (token.startsWith('<!') || token.startsWith('<?')) return token.startsWith('<![CDATA[') ? 'text' : 'other';
  return token.endsWith('/>') ? 'selfClosing' : 'open';
}

export function prettyXml(xml: string, indentUnit = '  '): string {
  if (nestsDeeperThan(xml, MAX_XML_DEPTH)) return xml;
  const indents = Array.from({ length: MAX_INDENT_LEVELS + 1 }, (_, level) => indentUnit.repeat(level));
  const indentOf = (level: number): string => indents[Math.min(Math.max(0, level), MAX_INDENT_LEVELS)] as string;
  const tokens = (xml.match(TOKEN) ?? []).filter((token) => kindOf(token) !== 'text' || token.trim() !== '');
  const lines: string[] = [];
  let depth = 0;
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index] as string;
    const kind = kindOf(token);
    const indent = indentOf(depth);
    if (kind === 'open') {
      const next = tokens[index + 1];
      const afterNext = tokens[index + 2];
      if (next !== undefined && kindOf(next) === 'close') {
        lines.push(indent + token + next);
        index += 1;
      } else if (next !== undefined && kindOf(next) === 'text' && afterNext !== undefined && kindOf(afterNext) === 'close') {
        lines.push(indent + token + next.trim() + afterNext);
        index += 2;
      } else {
        lines.push(indent + token);
        depth += 1;
      }
    } else if (kind === 'close') {
      depth -= 1;
      lines.push(indentOf(depth) + token);
    } else {
      lines.push(indent + (kind === 'text' ? token.trim() : token));
    }
  }
  return lines.join('\n') + '\n';
}

/** `Accept` header negotiation (RFC 9110 §12.5.1): q-values and `type/*`, `*\/*` ranges. */

interface MediaRange {
  type: string;
  subtype: string;
  q: number;
}

function parseAccept(accept: string): MediaRange[] {
  return accept
    .split(',')
    .map((part) => {
      const [range = '', ...parameters] = part.split(';').map((piece) => piece.trim());
      const [type = '', subtype = ''] = range.toLowerCase().split('/');
      const qParameter = parameters.find((parameter) => parameter.toLowerCase().startsWith('q='));
      const q = qParameter ? Number(qParameter.slice(2)) : 1;
      return { type, subtype, q: Number.isFinite(q) ? Math.min(Math.max(q, 0), 1) : 0 };
    })
    .filter((range) => range.type !== '' && range.subtype !== '');
}

/** The q-value the most specific matching range gives `mediaType`, or undefined when none matches. */
function qualityOf(ranges: MediaRange[], mediaType: string): number | undefined {
  const [type, subtype] = mediaType.split('/');
  let best: { specificity: number; q: number } | undefined;
  for (const range of ranges) {
    const specificity =
      range.type === type && range.subtype === subtype ? 3 : range.type === type && range.subtype === '*' ? 2 : range.type === '*' && range.subtype === '*' ? 1 : 0;
    if (specificity > 0 && (!best || specificity > best.specificity)) best = { specificity, q: range.q };
  }
  return best?.q;
}

/**
 * The offered media type the client prefers, or undefined when it accepts none of them. No or an
 * empty `Accept` means anything, so the first offer wins; among equal q-values the earlier offer wins.
 */
export function negotiate(accept: string | undefined, offered: readonly string[]): string | undefined {
  if (!accept || accept.trim() === '') return offered[0];
  const ranges = parseAccept(accept);
  if (ranges.length === 0) return offered[0];
  let chosen: { mediaType: string; q: number } | undefined;
  for (const mediaType of offered) {
    const q = qualityOf(ranges, mediaType);
    if (q !== undefined && q > 0 && (!chosen || q > chosen.q)) chosen = { mediaType, q };
  }
  return chosen?.mediaType;
}

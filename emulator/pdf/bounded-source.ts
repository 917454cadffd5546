/**
 * Cuts very long runs of character data out of XML before it is parsed for rendering. The XML
 * reader takes seconds for a text node of megabytes (it builds the text a character at a time), and
 * the PDF shows at most MAX_FIELD characters of any field anyway (documents/text.ts), so a 10 MB
 * note would cost a long stall of every listener for nothing. The source itself is never changed.
 */
import { MAX_FIELD } from './documents/text';

/** Runs kept: a little less than a field shows, so the PDF shows this notice of what was left out. */
const KEEP = MAX_FIELD - 200;

export function boundTextRuns(xml: string): string {
  if (xml.length <= KEEP * 2) return xml;
  const out: string[] = [];
  let copied = 0;
  for (let scan = 0; ; ) {
    const gt = xml.indexOf('>', scan);
    if (gt < 0) break;
    const lt = xml.indexOf('<', gt + 1);
    if (lt < 0) break;
    scan = lt;
    if (lt - gt - 1 < KEEP * 2) continue;
    const run = xml.slice(gt + 1, lt);
    if (run.includes(']]>')) continue; // inside CDATA: leave it to the reader
    // Do not cut through an entity or character reference (&amp; &#233;).
    const kept = run.slice(0, KEEP).replace(/&[^;\s]*$/, '');
    out.push(xml.slice(copied, gt + 1), `${kept} [${(run.length - kept.length).toLocaleString('en-US')} more characters in the source]`);
    copied = lt;
  }
  out.push(xml.slice(copied));
  return out.join('');
}

/**
 * The placeholder values SOURCES.md records for the published KSeF client templates (`#nip#` → `1111111111`, …),
 * read from its "Template placeholders were substituted" paragraph, so a template can be checked the way its
 * recorded verdict says: refused as published, valid once the placeholders are replaced.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixturesDir } from './fixtures';

let cached: Map<string, string> | undefined;

export const templateValues = (): Map<string, string> => {
  if (cached) return cached;
  const sources = readFileSync(join(fixturesDir, 'SOURCES.md'), 'utf8');
  const start = sources.indexOf('Template placeholders were substituted');
  if (start < 0) throw new Error('SOURCES.md no longer records the template placeholder values.');
  const paragraph = sources.slice(start, sources.indexOf('\n\n', start));
  const values = new Map<string, string>();
  for (const [, names, value] of paragraph.matchAll(/((?:`#\w+#`(?:,\s*)?)+)\s*→\s*`([^`]+)`/g)) {
    for (const [name] of names!.matchAll(/#\w+#/g)) values.set(name, value!);
  }
  if (values.size === 0) throw new Error('No placeholder values found in SOURCES.md.');
  return (cached = values);
};

/** The template with every recorded placeholder replaced; throws if a placeholder is left without a value. */
export const substituteTemplate = (bytes: Uint8Array): Uint8Array => {
  const values = templateValues();
  // Only recorded names: `#compliant#` in a Peppol CustomizationID is not a placeholder.
  const text = Buffer.from(bytes).toString('utf8').replace(/#\w+#/g, (name) => values.get(name) ?? name);
  const left = />\s*(#\w+#)\s*</.exec(text)?.[1];
  if (left) throw new Error(`SOURCES.md records no value for ${left}.`);
  return Buffer.from(text, 'utf8');
};

/** A KSeF fixture recorded as "see-sources": a published template, invalid until substituted. */
export const isKsefTemplate = (entry: { kind: string; expected: string }): boolean => entry.kind === 'ksef' && entry.expected === 'see-sources';

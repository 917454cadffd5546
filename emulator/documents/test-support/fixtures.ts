/**
 * The public e-invoicing fixtures for tests: `../shared/fixtures` beside the repository, with
 * `index.json` telling the kind and the expected Peppol outcome of each file.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const fixturesDir = resolve(repoRoot, '..', 'shared', 'fixtures');

const indexSchema = z.array(
  z.object({
    path: z.string(),
    kind: z.enum(['invoice', 'credit-note', 'order', 'order-response', 'despatch-advice', 'application-response', 'fatturapa', 'ksef']),
    expected: z.enum(['valid', 'invalid', 'not-peppol', 'see-sources']),
    description: z.string(),
    status: z.string(),
  }),
);

export type FixtureEntry = z.infer<typeof indexSchema>[number];

/** `index.json` and the formats added in November 2026 (`index-2026-11.json`, to be merged into it later). */
export const fixtureIndex: FixtureEntry[] = ['index.json', 'index-2026-11.json'].flatMap((file) =>
  indexSchema.parse(JSON.parse(readFileSync(join(fixturesDir, file), 'utf8'))),
);

export const ublKinds = ['invoice', 'credit-note', 'order', 'order-response', 'despatch-advice'] as const;

export function fixtureBytes(path: string): Buffer {
  return readFileSync(join(fixturesDir, path));
}

export function fixtureText(path: string): string {
  return fixtureBytes(path).toString('utf8');
}

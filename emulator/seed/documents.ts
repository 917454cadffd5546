/**
 * The seeded documents of the document interface: a few real public examples (files in
 * `./fixtures`) plus generated Norwegian documents, `options.documents` in all. Deterministic for a
 * given `--seed`; generated sources are written only on demand.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseUbl, type Party, type UblDocumentType } from '../../shared/ubl';
import type { SeededRandom } from '../context';
import { type Direction, generatedSource, generatedSpec, SEED_ANCHOR_MS, seedUuid, summaryGenerator } from './documents-generator';
import type { SeedParty } from './documents-parties';

export type { Direction } from './documents-generator';

export interface PartySummary {
  name: string;
  identifier: string;
}

export type SeedSource = { kind: 'generated'; index: number } | { kind: 'fixture'; bytes: Buffer };

export interface SeedDocument {
  uuid: string;
  type: UblDocumentType;
  direction: Direction;
  number: string;
  /** Document (issue) date, YYYY-MM-DD. */
  date: string;
  createdAtMs: number;
  sender: PartySummary;
  recipient: PartySummary;
  downloaded: boolean;
  source: SeedSource;
}

const fixtureFiles = [
  'Norwegian-example-1.xml',
  'Order_Example.xml',
  'Snippet-cn.xml',
  'DespatchAdvice_Example.xml',
  'OrderResponse_Example.xml',
  'base-example.xml',
];

/** `./fixtures` beside this file in the source tree; `./seed-fixtures` beside a bundled cli.mjs. */
function fixtureDirectory(): string | undefined {
  const candidates = ['./fixtures/', './seed-fixtures/'].map((relative) => fileURLToPath(new URL(relative, import.meta.url)));
  return candidates.find((candidate) => existsSync(candidate));
}

/** How a record names a party: `scheme:value` of the electronic address, else another identifier. */
export function summarizeParty(party: Party | undefined): PartySummary {
  const identifier = party?.endpoint ?? party?.legalId ?? party?.identifiers[0];
  return {
    name: party?.name ?? party?.registrationName ?? identifier?.value ?? '',
    identifier: identifier ? (identifier.scheme ? `${identifier.scheme}:${identifier.value}` : identifier.value) : '',
  };
}

function fixtureDocuments(random: SeededRandom, count: number, log: (message: string) => void): SeedDocument[] {
  if (count === 0) return [];
  const directory = fixtureDirectory();
  if (!directory) {
    log('documents: the seed fixtures folder was not found; seeding generated documents only.');
    return [];
  }
  return fixtureFiles.slice(0, count).map((file, slot) => {
    const bytes = readFileSync(`${directory}${file}`);
    const document = parseUbl(bytes.toString('utf8'));
    const sender = summarizeParty(document.sender);
    const recipient = summarizeParty(document.recipient);
    return {
      uuid: seedUuid(random.fork(`fixture-${file}`), slot),
      type: document.documentType,
      direction: 'incoming',
      number: document.id ?? file,
      date: document.issueDate ?? '',
      createdAtMs: SEED_ANCHOR_MS - (slot + 1) * 3_600_000,
      sender,
      recipient,
      downloaded: false,
      source: { kind: 'fixture', bytes },
    };
  });
}

/** All seeded documents, in index order (not sorted). */
export function seedDocuments(total: number, random: SeededRandom, log: (message: string) => void): SeedDocument[] {
  const documentsRandom = random.fork('documents');
  const fixtures = fixtureDocuments(documentsRandom, Math.min(total, fixtureFiles.length), log);
  const documents: SeedDocument[] = fixtures;
  const summaryOf = summaryGenerator(documentsRandom);
  // One summary object per party, shared by its documents (the store interns them by identity).
  const parties = new Map<SeedParty, PartySummary>();
  const partySummary = (party: SeedParty) => {
    let summary = parties.get(party);
    if (!summary) {
      summary = { name: party.name, identifier: `0192:${party.orgNumber}` };
      parties.set(party, summary);
    }
    return summary;
  };
  for (let index = fixtures.length; index < total; index += 1) {
    const spec = summaryOf(index);
    documents.push({
      uuid: spec.uuid,
      type: spec.type,
      direction: spec.direction,
      number: spec.number,
      date: spec.issueDate,
      createdAtMs: spec.createdAtMs,
      sender: partySummary(spec.sender),
      recipient: partySummary(spec.recipient),
      downloaded: spec.downloaded,
      source: { kind: 'generated', index },
    });
  }
  return documents;
}

/** The bytes of a seeded document's source (UBL XML). */
export function seedSourceBytes(source: SeedSource, random: SeededRandom): Buffer {
  if (source.kind === 'fixture') return source.bytes;
  return Buffer.from(generatedSource(generatedSpec(random.fork('documents'), source.index)), 'utf8');
}

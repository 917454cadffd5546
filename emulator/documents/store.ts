/**
 * All documents of the document interface, indexed for the list queries: per type, sort orders
 * computed once (and again only after a send), party names and identifiers interned so a filter
 * touches each party once instead of each document's strings.
 */
import type { UblDocumentType } from '../../shared/ubl';
import type { Direction, PartySummary, SeedDocument, SeedSource } from '../seed/documents';
import type { DateBounds, ListQuery, SortDirection, SortField } from './list-query';

export type SourceMediaType = 'application/xml' | 'application/json';

export type EntrySource = SeedSource | { kind: 'sent'; bytes: Buffer; mediaType: SourceMediaType };

export interface DocumentEntry {
  uuid: string;
  type: UblDocumentType;
  direction: Direction;
  number: string;
  date: string;
  dateMs: number;
  createdAtMs: number;
  sender: number;
  recipient: number;
  downloaded: boolean;
  source: EntrySource;
}

export interface NewDocument {
  uuid: string;
  type: UblDocumentType;
  direction: Direction;
  number: string;
  date: string;
  createdAtMs: number;
  sender: PartySummary;
  recipient: PartySummary;
  downloaded: boolean;
  source: EntrySource;
}

interface PartyRow extends PartySummary {
  nameLower: string;
}

const collator = new Intl.Collator('nb', { sensitivity: 'base', numeric: true });

export function dateOnlyMs(date: string): number {
  const ms = Date.parse(`${date.slice(0, 10)}T00:00:00Z`);
  return Number.isFinite(ms) ? ms : 0;
}

export class DocumentStore {
  private readonly parties: PartyRow[] = [];
  private readonly partyIndex = new Map<string, number>();
  private readonly partyByObject = new Map<PartySummary, number>();
  private readonly dateCache = new Map<string, number>();
  private partyRankCache: Int32Array | undefined;
  private readonly byUuid = new Map<string, DocumentEntry>();
  private readonly byType = new Map<UblDocumentType, DocumentEntry[]>();
  private readonly sortCache = new Map<string, DocumentEntry[]>();

  constructor(documents: Iterable<SeedDocument | NewDocument>) {
    for (const document of documents) this.insert(document);
  }

  /** Adds a document (a sent one, or one restored from saved state). */
  add(document: NewDocument): DocumentEntry {
    const entry = this.insert(document);
    for (const key of [...this.sortCache.keys()]) if (key.startsWith(`${entry.type}|`)) this.sortCache.delete(key);
    return entry;
  }

  get(uuid: string): DocumentEntry | undefined {
    return this.byUuid.get(uuid);
  }

  party(index: number): PartySummary {
    const row = this.parties[index] as PartyRow;
    return { name: row.name, identifier: row.identifier };
  }

  count(type: UblDocumentType): number {
    return this.byType.get(type)?.length ?? 0;
  }

  /** Filters, sorts and pages one type's documents. */
  list(type: UblDocumentType, query: ListQuery): { total: number; items: DocumentEntry[] } {
    const matches = this.filtered(type, query);
    const start = (query.page - 1) * query.itemsPerPage;
    return { total: matches.length, items: matches.slice(start, start + query.itemsPerPage) };
  }

  private insert(document: SeedDocument | NewDocument): DocumentEntry {
    const entry: DocumentEntry = {
      uuid: document.uuid,
      type: document.type,
      direction: document.direction,
      number: document.number,
      date: document.date,
      dateMs: this.dateMs(document.date),
      createdAtMs: document.createdAtMs,
      sender: this.intern(document.sender),
      recipient: this.intern(document.recipient),
      downloaded: document.downloaded,
      source: document.source,
    };
    this.byUuid.set(entry.uuid, entry);
    const list = this.byType.get(entry.type) ?? [];
    list.push(entry);
    this.byType.set(entry.type, list);
    return entry;
  }

  private dateMs(date: string): number {
    let ms = this.dateCache.get(date);
    if (ms === undefined) {
      ms = dateOnlyMs(date);
      this.dateCache.set(date, ms);
    }
    return ms;
  }

  private intern(party: PartySummary): number {
    const known = this.partyByObject.get(party);
    if (known !== undefined) return known;
    const key = `${party.name}\u0000${party.identifier}`;
    let index = this.partyIndex.get(key);
    if (index === undefined) {
      index = this.parties.length;
      this.parties.push({ name: party.name, identifier: party.identifier, nameLower: party.name.toLowerCase() });
      this.partyIndex.set(key, index);
      this.partyRankCache = undefined;
    }
    if (this.partyByObject.size < 10_000) this.partyByObject.set(party, index);
    return index;
  }

  /** Party index → position of its name in collation order (for name sorts). */
  private partyRanks(): Int32Array {
    if (!this.partyRankCache) {
      const order = this.parties.map((_, index) => index).sort((a, b) => collator.compare((this.parties[a] as PartyRow).name, (this.parties[b] as PartyRow).name) || a - b);
      const ranks = new Int32Array(this.parties.length);
      order.forEach((partyIndex, rank) => {
        ranks[partyIndex] = rank;
      });
      this.partyRankCache = ranks;
    }
    return this.partyRankCache;
  }

  private keyOf(field: SortField): (entry: DocumentEntry) => number {
    const ranks = field === 'senderName' || field === 'recipientName' ? this.partyRanks() : undefined;
    switch (field) {
      case 'createdAt':
        return (entry) => entry.createdAtMs;
      case 'documentDate':
        return (entry) => entry.dateMs;
      case 'senderName':
        return (entry) => (ranks as Int32Array)[entry.sender] as number;
      case 'recipientName':
        return (entry) => (ranks as Int32Array)[entry.recipient] as number;
    }
  }

  /** Ties are broken by creation time (newest first), then uuid, so pages never overlap. */
  private comparator(sorts: Array<{ field: SortField; direction: SortDirection }>): (a: DocumentEntry, b: DocumentEntry) => number {
    const keys = sorts.map((sort) => ({ key: this.keyOf(sort.field), sign: sort.direction === 'asc' ? 1 : -1 }));
    return (a, b) => {
      for (const { key, sign } of keys) {
        const difference = key(a) - key(b);
        if (difference !== 0) return sign * difference;
      }
      return b.createdAtMs - a.createdAtMs || (a.uuid < b.uuid ? -1 : a.uuid > b.uuid ? 1 : 0);
    };
  }

  private sorted(type: UblDocumentType, sorts: Array<{ field: SortField; direction: SortDirection }>): DocumentEntry[] {
    const cacheKey = `${type}|${sorts.map((sort) => `${sort.field}:${sort.direction}`).join(',')}`;
    let sorted = this.sortCache.get(cacheKey);
    if (!sorted) {
      sorted = [...(this.byType.get(type) ?? [])].sort(this.comparator(sorts));
      // Only single-key orders are cached: they are what lists ask for almost always.
      if (sorts.length === 1) this.sortCache.set(cacheKey, sorted);
    }
    return sorted;
  }

  private filtered(type: UblDocumentType, query: ListQuery): DocumentEntry[] {
    const sorts = query.sort.length > 0 ? query.sort : [{ field: 'createdAt' as const, direction: 'desc' as const }];
    const ordered = this.sorted(type, sorts);
    const predicate = this.predicate(query);
    return predicate ? ordered.filter(predicate) : ordered;
  }

  private partyFlags(name: string | undefined, identifiers: string[] | undefined): Uint8Array | undefined {
    if (name === undefined && identifiers === undefined) return undefined;
    const needle = name?.toLowerCase();
    const wanted = identifiers ? new Set(identifiers) : undefined;
    const flags = new Uint8Array(this.parties.length);
    this.parties.forEach((party, index) => {
      const nameMatches = needle === undefined || party.nameLower.includes(needle);
      const idMatches = wanted === undefined || wanted.has(party.identifier);
      flags[index] = nameMatches && idMatches ? 1 : 0;
    });
    return flags;
  }

  private predicate(query: ListQuery): ((entry: DocumentEntry) => boolean) | undefined {
    const tests: Array<(entry: DocumentEntry) => boolean> = [];
    const senders = this.partyFlags(query.senderName, query.senderId);
    if (senders) tests.push((entry) => senders[entry.sender] === 1);
    const recipients = this.partyFlags(query.recipientName, query.recipientId);
    if (recipients) tests.push((entry) => recipients[entry.recipient] === 1);
    if (query.documentNumber) {
      const numbers = new Set(query.documentNumber);
      tests.push((entry) => numbers.has(entry.number));
    }
    const created = boundsTest(query.createdAt);
    if (created) tests.push((entry) => created(entry.createdAtMs));
    const dated = boundsTest(query.documentDate);
    if (dated) tests.push((entry) => dated(entry.dateMs));
    if (query.downloaded !== undefined) {
      const downloaded = query.downloaded;
      tests.push((entry) => entry.downloaded === downloaded);
    }
    if (query.direction !== undefined) {
      const direction = query.direction;
      tests.push((entry) => entry.direction === direction);
    }
    if (tests.length === 0) return undefined;
    return (entry) => tests.every((test) => test(entry));
  }
}

/** before ≤, strictly_before <, after ≥, strictly_after > (DESIGN §5.2). */
function boundsTest(bounds: DateBounds): ((ms: number) => boolean) | undefined {
  const { before, strictly_before: strictlyBefore, after, strictly_after: strictlyAfter } = bounds;
  if (before === undefined && strictlyBefore === undefined && after === undefined && strictlyAfter === undefined) return undefined;
  return (ms) =>
    (before === undefined || ms <= before) &&
    (strictlyBefore === undefined || ms < strictlyBefore) &&
    (after === undefined || ms >= after) &&
    (strictlyAfter === undefined || ms > strictlyAfter);
}

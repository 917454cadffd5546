/**
 * An element together with its XPath-like location (`/Invoice/cac:InvoiceLine[2]/cbc:ID`), so a
 * violation can say where it is. Absent elements still have a location (the one they should have).
 */
import type { XmlElement } from '../../../shared/ubl';

const CAC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2';
const CBC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2';
const EXT = 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2';

/** Aggregates whose names end like basic components. */
const aggregateExceptions = new Set(['PartyName', 'InvoiceLine', 'CreditNoteLine', 'AddressLine', 'OrderLine', 'DespatchLine']);
const basicSuffix = /(ID|Code|Date|Time|Amount|Quantity|Name|Percent|Note|Indicator|Numeric|Reason|Description|Text|URI|Telephone|ElectronicMail|Zone|Subentity|Line|Value|Measure|BinaryObject|Number)$/;

function prefixFor(name: string, element: XmlElement | undefined): string {
  if (element?.namespace === CAC) return 'cac:';
  if (element?.namespace === CBC) return 'cbc:';
  if (element?.namespace === EXT) return 'ext:';
  if (aggregateExceptions.has(name)) return 'cac:';
  return basicSuffix.test(name) ? 'cbc:' : 'cac:';
}

export class Located {
  constructor(
    readonly element: XmlElement | undefined,
    readonly path: string,
  ) {}

  static root(element: XmlElement): Located {
    return new Located(element, `/${element.name}`);
  }

  get exists(): boolean {
    return this.element !== undefined;
  }

  /** Trimmed text, or undefined when absent or empty. */
  get text(): string | undefined {
    const value = this.element?.text.trim();
    return value ? value : undefined;
  }

  /** The number the text holds, or undefined when absent or not a number. */
  get number(): number | undefined {
    const text = this.text;
    if (text === undefined || !/^[+-]?(\d+\.?\d*|\.\d+)$/.test(text)) return undefined;
    return Number(text);
  }

  attribute(name: string): string | undefined {
    return this.element?.attributes[name];
  }

  /** First child with that local name (a `/`-separated path follows several steps). */
  one(path: string): Located {
    let element = this.element;
    let location = this.path;
    for (const name of path.split('/')) {
      element = element?.children.find((child) => child.name === name);
      location = `${location}/${prefixFor(name, element)}${name}`;
    }
    return new Located(element, location);
  }

  /** Every child with that local name; the path carries the 1-based position when there are several. */
  all(name: string): Located[] {
    const matches = this.element?.children.filter((child) => child.name === name) ?? [];
    return matches.map((element, index) => new Located(element, `${this.path}/${prefixFor(name, element)}${name}${matches.length > 1 ? `[${index + 1}]` : ''}`));
  }

  /** Every element reached by a `/`-separated path, each step expanded. */
  every(path: string): Located[] {
    let current: Located[] = [this];
    for (const name of path.split('/')) current = current.flatMap((item) => item.all(name));
    return current;
  }

  /** This element and all its descendants, depth first. */
  *descendants(): Generator<Located> {
    if (!this.element) return;
    yield this;
    const totals = new Map<string, number>();
    for (const child of this.element.children) totals.set(child.name, (totals.get(child.name) ?? 0) + 1);
    const counts = new Map<string, number>();
    for (const child of this.element.children) {
      const position = (counts.get(child.name) ?? 0) + 1;
      counts.set(child.name, position);
      const index = (totals.get(child.name) ?? 0) > 1 ? `[${position}]` : '';
      yield* new Located(child, `${this.path}/${prefixFor(child.name, child)}${child.name}${index}`).descendants();
    }
  }
}

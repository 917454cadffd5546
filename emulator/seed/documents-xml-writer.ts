/** A tiny indented XML writer for generated UBL (values escaped, elements written in call order). */
import { escapeXml } from '../../shared/ubl';

export type Attributes = Record<string, string | undefined>;

export class XmlWriter {
  private readonly parts: string[] = ['<?xml version="1.0" encoding="UTF-8"?>\n'];
  private depth = 0;

  open(name: string, attributes: Attributes = {}): this {
    this.parts.push(`${'  '.repeat(this.depth)}<${name}${formatAttributes(attributes)}>\n`);
    this.depth += 1;
    return this;
  }

  close(name: string): this {
    this.depth -= 1;
    this.parts.push(`${'  '.repeat(this.depth)}</${name}>\n`);
    return this;
  }

  /** A leaf element; skipped when the value is undefined. */
  leaf(name: string, value: string | number | undefined, attributes: Attributes = {}): this {
    if (value === undefined) return this;
    this.parts.push(`${'  '.repeat(this.depth)}<${name}${formatAttributes(attributes)}>${escapeXml(String(value))}</${name}>\n`);
    return this;
  }

  /** `open`, the body, `close`. */
  wrap(name: string, body: () => void, attributes: Attributes = {}): this {
    this.open(name, attributes);
    body();
    return this.close(name);
  }

  toString(): string {
    return this.parts.join('');
  }
}

function formatAttributes(attributes: Attributes): string {
  return Object.entries(attributes)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => ` ${name}="${escapeXml(value)}"`)
    .join('');
}

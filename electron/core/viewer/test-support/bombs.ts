/**
 * The hostile files of issue 24, point 2, made on the spot (tests and bench/viewer-bombs.ts): tiny
 * archives and CSVs that used to take the core's memory or event loop, and a large legitimate
 * FatturaPA that must not hold other calls up.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { constants, deflateRawSync } from 'node:zlib';
import { zipSync } from 'fflate';
import { fixturesDir } from '../../../../standards/test-support/fixtures';

const MiB = 1024 * 1024;

/** `entries` XML files, each `depth` elements deep: 12 × 13 000 packs to about 2.5 KB. */
export function nestedXmlZip(entries: number, depth: number): Uint8Array {
  const xml = `<?xml version="1.0"?>${'<a>'.repeat(depth)}x${'</a>'.repeat(depth)}`;
  return zipSync(Object.fromEntries(Array.from({ length: entries }, (_, index) => [`nested-${index + 1}.xml`, [new TextEncoder().encode(xml), { level: 9 }]])));
}

/** A CSV whose one column name is `columnBytes` long, with `documents` one-row documents. */
export function wideHeaderCsv(columnBytes: number, documents: number): Uint8Array {
  const rows = Array.from({ length: documents }, (_, index) => `INV-${index + 1},1`);
  return new TextEncoder().encode([`document_number,${'n'.repeat(columnBytes)}`, ...rows].join('\n'));
}

/** One ZIP entry with the sizes it declares, whatever its data holds (CRC left at 0: the viewer does not check it). */
export function zipWithEntry(name: string, data: Uint8Array, declared: { packed?: number; unpacked: number }, method = 8): Uint8Array {
  const nameBytes = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(method, 8);
  local.writeUInt32LE(declared.packed ?? data.length, 18);
  local.writeUInt32LE(declared.unpacked, 22);
  local.writeUInt16LE(nameBytes.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(method, 10);
  central.writeUInt32LE(declared.packed ?? data.length, 20);
  central.writeUInt32LE(declared.unpacked, 24);
  central.writeUInt16LE(nameBytes.length, 28);
  const directoryOffset = local.length + nameBytes.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + nameBytes.length, 12);
  end.writeUInt32LE(directoryOffset, 16);
  return Buffer.concat([local, nameBytes, data, central, nameBytes, end]);
}

/**
 * About 1 MB of DEFLATE that inflates to `gibibytes` GiB of zeros: one fully flushed (byte-aligned,
 * self-contained) block of 1 MiB of zeros repeated, then a final empty block. Made without ever holding the output.
 */
export function zeroDeflate(mebibytes: number): Uint8Array {
  const block = deflateRawSync(Buffer.alloc(MiB), { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  return Buffer.concat([...Array.from({ length: mebibytes }, () => block), Buffer.from([0x03, 0x00])]);
}

/** A 1 MB ZIP whose entry declares 1 MiB and inflates to 1 GiB. */
export function lyingZip(): Uint8Array {
  return zipWithEntry('invoice.xml', zeroDeflate(1024), { unpacked: MiB });
}

/** A 269-byte ZIP whose ZIP64 end record claims 4 294 967 294 entries. */
export function zip64ClaimingEntries(count = 4_294_967_294): Uint8Array {
  const local = Buffer.alloc(30 + 141);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(45, 4);
  local.writeUInt16LE(141, 26);
  local.write('a'.repeat(141), 30);
  const record = Buffer.alloc(56);
  record.writeUInt32LE(0x06064b50, 0);
  record.writeBigUInt64LE(44n, 4);
  record.writeUInt16LE(45, 12);
  record.writeUInt16LE(45, 14);
  record.writeBigUInt64LE(BigInt(count), 24);
  record.writeBigUInt64LE(BigInt(count), 32);
  record.writeBigUInt64LE(BigInt(count) * 46n, 40);
  record.writeBigUInt64LE(0n, 48);
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(0x07064b50, 0);
  locator.writeBigUInt64LE(BigInt(local.length), 8);
  locator.writeUInt32LE(1, 16);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(0xffff, 8);
  end.writeUInt16LE(0xffff, 10);
  end.writeUInt32LE(0xffffffff, 12);
  end.writeUInt32LE(0xffffffff, 16);
  return Buffer.concat([local, record, locator, end]);
}

/** A legitimate FatturaPA of about `megabytes` MB (19.5 MB: some 61 000 lines, one per invoice line), its lines copied from a public fixture. */
export function largeFatturaPa(megabytes = 19.5): Uint8Array {
  const xml = readFileSync(join(fixturesDir, 'ph-fatturapa/IT01234567890_FPR01.xml'), 'utf8');
  // One line of the file per invoice line, as exported by accounting systems.
  const line = /<DettaglioLinee>[\s\S]*?<\/DettaglioLinee>/.exec(xml)?.[0]?.replace(/\n\s*/g, '');
  if (!line) throw new Error('The FatturaPA fixture has no DettaglioLinee.');
  const count = Math.ceil((megabytes * 1_000_000 - xml.length) / (line.length + 1));
  const lines = Array.from({ length: count }, (_, index) => line.replace(/<NumeroLinea>\d+<\/NumeroLinea>/, `<NumeroLinea>${index + 1}</NumeroLinea>`)).join('\n');
  return new TextEncoder().encode(xml.replace(/<DettaglioLinee>[\s\S]*<\/DettaglioLinee>/, lines));
}

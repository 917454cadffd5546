/**
 * The committed compiled rules (standards/sef): current with the vendored artefacts and the xslt3
 * version, each file matching its hash, reproducible, and refused in plain words when damaged.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compileTargets, exportSef, readManifest, sefContentHash, staleTargets } from '../../scripts/compile-standards.mjs';
import { standardsDir } from './paths';
import { CompiledRulesUnavailable, loadCheckedSef, loadSef, sefFileOf, sefManifest } from './sef-store';

const targets = compileTargets;
// Named as the compiler names its temp folders, whose name sefContentHash leaves out.
const temp = mkdtempSync(join(tmpdir(), 'ledgerdesk-sef-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const refusal = (load: () => unknown): CompiledRulesUnavailable => {
  try {
    load();
  } catch (error) {
    expect(error).toBeInstanceOf(CompiledRulesUnavailable);
    return error as CompiledRulesUnavailable;
  }
  throw new Error('the SEF was accepted');
};

describe('the committed compiled rules', () => {
  it('are current: no artefact, import, catalog or xslt3 version changed since they were compiled (else: npm run standards, and commit standards/sef)', () => {
    expect(staleTargets().map((target) => target.xsl)).toEqual([]);
    expect(Object.keys(sefManifest()).sort()).toEqual(targets.map((target) => target.xsl).sort());
  });

  it('carry pattern guards derived from these very SEFs (else every guard is ignored and large documents run every pattern)', () => {
    const guards = JSON.parse(readFileSync(join(standardsDir(), 'sef', 'guards.json'), 'utf8')) as {
      layers: Record<string, { sefSha256: string }>;
    };
    const layers = Object.entries(guards.layers);
    expect(layers.length).toBeGreaterThan(0);
    for (const [artefact, layer] of layers) expect(layer.sefSha256, artefact).toBe(sefManifest()[artefact]?.sha256);
  });

  it('each loads and matches the SHA-256 the manifest records', () => {
    for (const target of targets) {
      const file = sefFileOf(target.xsl);
      expect(file, target.xsl).toBeDefined();
      expect(loadSef(file as string)).toMatchObject({ N: 'package' });
    }
  });

  it('are reproducible: compiling an artefact again gives the same SEF but for its build time and checksum', async () => {
    // The smallest rule set (Peppol T71), so that the proof costs seconds, not minutes.
    const target = targets.find((candidate) => candidate.xsl.endsWith('PEPPOLBIS-T71.xslt'));
    expect(target).toBeDefined();
    const text = await exportSef(target!, temp);
    expect(sefContentHash(text)).toBe(readManifest()[target!.xsl]?.contentHash);
  }, 300_000);
});

describe('a damaged or missing compiled rule file', () => {
  const artefact = 'peppol/2026.5/xslt/PEPPOLBIS-T71.xslt';
  const original = (): { file: string; bytes: Buffer; sha256: string } => {
    const file = sefFileOf(artefact) as string;
    return { file, bytes: readFileSync(file), sha256: sefManifest()[artefact]?.sha256 as string };
  };

  it('is refused as damaged when truncated', () => {
    const { bytes, sha256 } = original();
    const truncated = join(temp, 'truncated.sef.json.br');
    writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const error = refusal(() => loadCheckedSef(truncated, artefact, sha256));
    expect(error.problem).toBe('damaged');
    expect(error.message).toContain(artefact);
  });

  it('is refused as damaged when its bytes were changed', () => {
    const { bytes, sha256 } = original();
    const changed = Buffer.from(bytes);
    changed.writeUInt8(changed.readUInt8(changed.length - 3) ^ 0xff, changed.length - 3);
    const file = join(temp, 'changed.sef.json.br');
    writeFileSync(file, changed);
    expect(refusal(() => loadCheckedSef(file, artefact, sha256)).problem).toBe('damaged');
    writeFileSync(file, 'not brotli at all');
    expect(refusal(() => loadCheckedSef(file, artefact, sha256)).problem).toBe('damaged');
  });

  it('is refused as missing when the file is gone', () => {
    const { sha256 } = original();
    const error = refusal(() => loadCheckedSef(join(temp, 'gone.sef.json.br'), artefact, sha256));
    expect(error.problem).toBe('missing');
  });
});

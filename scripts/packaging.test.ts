/**
 * What runs only on other machines, checked here: the hosted-CI workflows against GitHub's workflow
 * schema (action-validator), and the Electron fuses electron-builder flips in the packaged app.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateWorkflow } from '@action-validator/core';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const workflowsDir = join(repoRoot, '.github', 'workflows');
const workflows = readdirSync(workflowsDir).filter((name) => /\.ya?ml$/.test(name));

describe('hosted-CI workflows', () => {
  it('there is one for the Electron runs', () => {
    expect(workflows).toContain('electron.yml');
  });

  it.each(workflows)('%s is a valid GitHub Actions workflow', (name) => {
    expect(validateWorkflow(readFileSync(join(workflowsDir, name), 'utf8')).errors).toEqual([]);
  });

  it('the validator does catch a broken workflow', () => {
    expect(validateWorkflow('on: push\njobs:\n  x:\n    runs-on: ubuntu-latest\n    stepz: []\n').errors).not.toEqual([]);
  });

  it('runs npm test with E2E_SHELL=electron on Linux, Windows and macOS, and keeps the installers', () => {
    const workflow = parse(readFileSync(join(workflowsDir, 'electron.yml'), 'utf8')) as {
      jobs: Record<string, { strategy: { matrix: { os: string[] } }; env: Record<string, string>; steps: Array<{ run?: string; uses?: string }> }>;
    };
    const job = Object.values(workflow.jobs)[0]!;
    expect(job.strategy.matrix.os).toEqual(['ubuntu-latest', 'windows-latest', 'macos-latest']);
    expect(job.env.E2E_SHELL).toBe('electron');
    const runs = job.steps.map((step) => step.run ?? '').join('\n');
    expect(runs).toContain('xvfb-run --auto-servernum npm test');
    expect(runs).toMatch(/electron-builder/);
    expect(job.steps.some((step) => step.uses?.startsWith('actions/upload-artifact'))).toBe(true);
  });
});

describe('Electron fuses of the packaged app', () => {
  it('turns off running as Node, NODE_OPTIONS and --inspect, and turns on cookie encryption and asar integrity', () => {
    const config = parse(readFileSync(join(repoRoot, 'electron-builder.yml'), 'utf8')) as { asar: boolean; electronFuses: Record<string, boolean> };
    expect(config.asar).toBe(true);
    expect(config.electronFuses).toMatchObject({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
    });
  });
});

describe('Electron version', () => {
  it('is a supported major (checklist 16: Electron supports the latest three; 45 was current when this was set)', () => {
    const { devDependencies } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
    const major = Number(/\d+/.exec(devDependencies.electron ?? '')?.[0]);
    expect(major).toBeGreaterThanOrEqual(45);
  });
});

/** A file list pattern of electron-builder (minimatch-like): `**` any folders, `*` within a name. */
const globToRegExp = (pattern: string): RegExp =>
  new RegExp(
    `^${pattern
      .split('/')
      .map((part) => (part === '**' ? '@@' : part.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*').replace(/\?/g, '[^/]')))
      .join('/')
      .replace(/@@\//g, '(?:.*/)?')
      .replace(/\/@@/g, '(?:/.*)?')
      .replace(/@@/g, '.*')}$`,
  );

/** Whether electron-builder packs `path` under these `files` patterns (later `!` patterns exclude). */
const packs = (patterns: string[], path: string): boolean =>
  patterns.reduce((included, pattern) => (pattern.startsWith('!') ? included && !globToRegExp(pattern.slice(1)).test(path) : included || globToRegExp(pattern).test(path)), false);

const walk = (dir: string): string[] =>
  readdirSync(join(repoRoot, dir), { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? walk(`${dir}/${entry.name}`) : [`${dir}/${entry.name}`]));

describe('the packaged app holds what the viewer and the standards engine read at run time', () => {
  const config = parse(readFileSync(join(repoRoot, 'electron-builder.yml'), 'utf8')) as { files: string[]; extraMetadata: { main: string } };
  const manifest = JSON.parse(readFileSync(join(repoRoot, 'standards', 'sef', 'manifest.json'), 'utf8')) as Record<string, { sef: string }>;

  it('the matcher reads patterns the way electron-builder does', () => {
    expect(packs(['dist/**', '!dist/**/*.map'], 'dist/electron/main.cjs')).toBe(true);
    expect(packs(['dist/**', '!dist/**/*.map'], 'dist/electron/main.cjs.map')).toBe(false);
    expect(packs(['dist/**'], 'standards/sef/manifest.json')).toBe(false);
  });

  it("packs the bundles: main, renderer, emulator, the standards engine's process and its worker (remote.ts and engine.ts start them from ../standards/)", () => {
    for (const path of [config.extraMetadata.main, 'dist/renderer/index.html', 'dist/emulator/cli.mjs', 'dist/standards/standards-worker.mjs', 'dist/standards/standards-host.mjs', 'dist/standards/stylesheet-worker.mjs']) {
      expect(packs(config.files, path), path).toBe(true);
    }
  });

  it('packs every compiled Schematron and stylesheet (standards/sef) with its manifest', () => {
    expect(packs(config.files, 'standards/sef/manifest.json')).toBe(true);
    expect(Object.keys(manifest).length).toBeGreaterThan(10);
    for (const { sef } of Object.values(manifest)) expect(packs(config.files, sef), sef).toBe(true);
  });

  it('packs every vendored artefact (schemas the XSD check imports, the KSeF country list the FA (2) stylesheet reads)', () => {
    const artefacts = walk('standards/artefacts');
    expect(artefacts).toContain('standards/artefacts/ksef/xsd/bazowe/KodyKrajow_v10-0E.xsd');
    for (const path of artefacts) expect(packs(config.files, path), path).toBe(true);
  });

  it('ships SaxonJS and libxml2-wasm as production dependencies (the workers load them from node_modules)', () => {
    const { dependencies } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    expect(Object.keys(dependencies)).toEqual(expect.arrayContaining(['saxon-js', 'libxml2-wasm', 'fflate', 'node-forge']));
  });
});

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

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import type SaxonJSModule from 'saxon-js';
import { startCompiler } from './compile-standards.mjs';

const dir = mkdtempSync(join(tmpdir(), 'ledgerdesk-xslt3-batch-'));
const compiler = startCompiler();
afterAll(() => {
  compiler.stop();
  rmSync(dir, { recursive: true, force: true });
});

const stylesheet = (select: string): string => {
  const path = join(dir, `s${Math.random().toString(36).slice(2)}.xsl`);
  writeFileSync(path, `<xsl:stylesheet version="3.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform"><xsl:output method="text"/><xsl:template match="/"><xsl:value-of select="${select}"/></xsl:template></xsl:stylesheet>`);
  return path;
};

const run = (sef: string): string => {
  const SaxonJS = createRequire(import.meta.url)('saxon-js') as typeof SaxonJSModule;
  const stylesheetInternal: unknown = JSON.parse(readFileSync(sef, 'utf8'));
  return String(SaxonJS.transform({ stylesheetInternal, sourceText: '<n>20</n>', destination: 'serialized' }, 'sync').principalResult);
};

it('compiles one stylesheet after another in the same xslt3 process, each to its own working SEF', async () => {
  const first = join(dir, 'first.sef.json');
  const second = join(dir, 'second.sef.json');
  await compiler.compile(stylesheet('/n + 1'), first);
  await compiler.compile(stylesheet("concat('n=', /n)"), second);
  expect(run(first)).toBe('21');
  expect(run(second)).toBe('n=20');
});

it('names the stylesheet and xslt3\'s static error when one cannot be compiled, and keeps compiling the next', async () => {
  const broken = stylesheet('1 +');
  await expect(compiler.compile(broken, join(dir, 'broken.sef.json'))).rejects.toThrow(/could not compile .*\.xsl:\n[\s\S]*XPST0003/);
  const after = join(dir, 'after.sef.json');
  await compiler.compile(stylesheet('/n * 2'), after);
  expect(run(after)).toBe('40');
});

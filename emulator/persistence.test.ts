import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createPersistence } from './persistence';

const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'persistence-test-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('persistence', () => {
  it('saves and loads area state across instances, leaving no temp files', () => {
    const dataDir = freshDir();
    const first = createPersistence(dataDir, () => {});
    expect(first.load('transfer')).toBeUndefined();
    first.save('transfer', { uploads: [{ id: 'u1' }] });
    first.save('transfer', { uploads: [{ id: 'u1' }, { id: 'u2' }] });
    const second = createPersistence(dataDir, () => {});
    expect(second.load('transfer')).toEqual({ uploads: [{ id: 'u1' }, { id: 'u2' }] });
    expect(readdirSync(join(dataDir, 'state'))).toEqual(['transfer.json']);
  });

  it('moves a corrupt state file aside and starts fresh, saying so', () => {
    const dataDir = freshDir();
    const messages: string[] = [];
    const persistence = createPersistence(dataDir, (m) => messages.push(m));
    persistence.save('fiscal', { ok: true });
    writeFileSync(join(dataDir, 'state', 'fiscal.json'), '{"ok": tru');
    expect(persistence.load('fiscal')).toBeUndefined();
    expect(messages.join()).toMatch(/not valid JSON/);
    expect(readdirSync(join(dataDir, 'state')).some((name) => name.startsWith('fiscal.json.corrupt-'))).toBe(true);
  });

  it('without a data dir saves nothing and removes its temp folders on close', async () => {
    const persistence = createPersistence(null, () => {});
    persistence.save('documents', { a: 1 });
    expect(persistence.load('documents')).toBeUndefined();
    const dir = persistence.dir('documents');
    expect(existsSync(dir)).toBe(true);
    await persistence.close();
    expect(existsSync(persistence.root)).toBe(false);
  });

  it('says so when the data dir is a file', () => {
    const file = join(freshDir(), 'not-a-folder');
    writeFileSync(file, 'x');
    expect(() => createPersistence(file, () => {})).toThrow(/cannot be used as a folder/);
  });

  it('refuses area names that could escape the data dir', () => {
    const persistence = createPersistence(freshDir(), () => {});
    expect(() => persistence.dir('../etc')).toThrow(/lowercase letters, digits and dashes/);
    expect(() => persistence.save('a/b', {})).toThrow(/area names/);
  });
});

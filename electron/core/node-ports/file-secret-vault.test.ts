import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileSecretVault } from './file-secret-vault';

const tempDir = (): string => fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerdesk-vault-'));
const mode = (file: string): number => fs.statSync(file).mode & 0o777;

describe('FileSecretVault', () => {
  it('round-trips secrets through files only the user can read, never in clear text', async () => {
    const dir = tempDir();
    const vault = new FileSecretVault({ dir });
    await vault.set('session:sandbox:token', 'eyJ-the-token');
    await vault.set('session:sandbox:credentials', '{"password":"hunter2"}');
    expect(await vault.get('session:sandbox:token')).toBe('eyJ-the-token');
    expect(await new FileSecretVault({ dir }).get('session:sandbox:credentials')).toBe('{"password":"hunter2"}');
    expect(await vault.get('missing')).toBeUndefined();
    expect(mode(vault.filePath)).toBe(0o600);
    expect(mode(vault.keyPath)).toBe(0o600);
    expect(fs.readFileSync(vault.filePath, 'utf8')).not.toMatch(/hunter2|the-token/);
    await vault.delete('session:sandbox:token');
    expect(await vault.get('session:sandbox:token')).toBeUndefined();
    expect(mode(vault.filePath)).toBe(0o600);
  });

  it('says honestly that it is not secure storage', () => {
    const info = new FileSecretVault({ dir: tempDir() }).info();
    expect(info).toMatchObject({ backend: 'file', secure: false });
    expect(info.note).toMatch(/key is stored next to it/);
  });

  it('keeps every entry when written concurrently', async () => {
    const vault = new FileSecretVault({ dir: tempDir() });
    await Promise.all(Array.from({ length: 20 }, (_, i) => vault.set(`k${i}`, `v${i}`)));
    const values = await Promise.all(Array.from({ length: 20 }, (_, i) => vault.get(`k${i}`)));
    expect(values).toEqual(Array.from({ length: 20 }, (_, i) => `v${i}`));
  });

  it('refuses a tampered entry with a clear error', async () => {
    const dir = tempDir();
    const vault = new FileSecretVault({ dir });
    await vault.set('token', 'original');
    const file = JSON.parse(fs.readFileSync(vault.filePath, 'utf8')) as { entries: Record<string, { data: string }> };
    const entry = file.entries.token!;
    entry.data = Buffer.from('forged!!').toString('base64');
    fs.writeFileSync(vault.filePath, JSON.stringify(file));
    await expect(vault.get('token')).rejects.toMatchObject({
      code: 'file',
      message: expect.stringMatching(/cannot be read: it was changed or does not match its key file/),
    });
  });

  it('refuses an entry moved under another name', async () => {
    const vault = new FileSecretVault({ dir: tempDir() });
    await vault.set('a', 'secret-a');
    const file = JSON.parse(fs.readFileSync(vault.filePath, 'utf8')) as { entries: Record<string, unknown> };
    file.entries.b = file.entries.a;
    fs.writeFileSync(vault.filePath, JSON.stringify(file));
    await expect(vault.get('b')).rejects.toMatchObject({ code: 'file' });
  });

  it('explains a missing key file and a damaged secrets file, and recovers on the next write', async () => {
    const dir = tempDir();
    const vault = new FileSecretVault({ dir });
    await vault.set('token', 'x');
    fs.rmSync(vault.keyPath);
    await expect(new FileSecretVault({ dir }).get('token')).rejects.toMatchObject({ code: 'file', message: expect.stringContaining('key file') });

    fs.writeFileSync(vault.filePath, '{ not json');
    const fresh = new FileSecretVault({ dir });
    await expect(fresh.get('token')).rejects.toMatchObject({ code: 'file', message: expect.stringContaining('not in the expected format') });
    await fresh.set('token', 'new');
    expect(await fresh.get('token')).toBe('new');
    expect(fs.readdirSync(dir).some((name) => name.startsWith('secrets.json.unreadable-'))).toBe(true);
  });
});

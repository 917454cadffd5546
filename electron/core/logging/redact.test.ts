import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createNodeLogger } from '../node-ports/logger';
import { redact, redactText } from './redact';

const jwt = 'eyJhbGciOiJSUzI1NiJ9.eyJ1c2VybmFtZSI6ImEifQ.c2lnbmF0dXJl';

describe('log redaction', () => {
  it('masks secret fields at any depth, keeps the rest', () => {
    const out = redact({
      method: 'POST',
      headers: { Authorization: `Bearer ${jwt}`, 'x-request-id': 'r-1' },
      body: { email: 'a@b.test', password: 'hunter2', nested: [{ passphrase: 'p12-pass', privateKey: 'k' }] },
      accessToken: 'abc',
      key: '-----BEGIN PRIVATE KEY-----',
    });
    expect(out).toEqual({
      method: 'POST',
      headers: { Authorization: '[redacted]', 'x-request-id': 'r-1' },
      body: { email: 'a@b.test', password: '[redacted]', nested: [{ passphrase: '[redacted]', privateKey: '[redacted]' }] },
      accessToken: '[redacted]',
      key: '[redacted]',
    });
  });

  it('masks bearer tokens, JWTs, private keys and password pairs inside free text', () => {
    const text = redactText(
      `GET failed with Authorization: Bearer abc.def-ghi and token ${jwt}; body {"password":"hunter2"} url?password=x&e=1 -----BEGIN RSA PRIVATE KEY-----\nMIIE\n-----END RSA PRIVATE KEY-----`,
    );
    expect(text).not.toMatch(/abc\.def-ghi|hunter2|MIIE|c2lnbmF0dXJl|password=x/);
    expect(text).toContain('Authorization: [redacted]');
    expect(text).toContain('e=1');
  });

  it('survives cycles and binary data', () => {
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic.self = cyclic;
    expect(redact({ cyclic, bytes: Buffer.from('secret') })).toEqual({ cyclic: { name: 'loop', self: '[circular]' }, bytes: '[6 bytes]' });
  });

  it('the Node logger writes redacted lines to its file', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerdesk-log-'));
    const file = path.join(dir, 'logs', 'core.log');
    const logger = createNodeLogger({ filePath: file, console: false });
    logger.warn(`login failed for token ${jwt}`, { password: 'hunter2', email: 'a@b.test' });
    await logger.close();
    const written = fs.readFileSync(file, 'utf8');
    expect(written).toContain('WARN');
    expect(written).toContain('a@b.test');
    expect(written).not.toContain('hunter2');
    expect(written).not.toContain(jwt);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });
});

/** The uploads service on the emulator: whose entries are whose (profiles, accounts). */
import { describe, expect, it } from 'vitest';
import { startTestEmulator } from '../../../emulator/testing';
import { transferDebug } from '../../../emulator/transfer';
import type { UploadEntry } from '../../../shared/contract';
import { waitFor, demoAccountUser, type TestUploads } from './testing/harness';
import { base64, invoiceXml } from './testing/fixtures';
import { uploadsOnEmulator } from './testing/emulator-suite';

const suite = uploadsOnEmulator(() => startTestEmulator({ processingDelayMs: 5, documents: 0 }));

const settled = (entry: UploadEntry | undefined): boolean => entry !== undefined && ['done', 'failed', 'rejected', 'cancelled'].includes(entry.state);

async function untilAllSettled(t: TestUploads, count: number): Promise<UploadEntry[]> {
  return waitFor(
    async () => {
      const list = await t.service.list();
      return list.length === count && list.every(settled) ? list : undefined;
    },
    { describe: async () => JSON.stringify((await t.service.list()).map((e) => [e.fileName, e.state, e.serverStatus, e.error?.message])) },
  );
}

describe('uploads of several profiles and accounts', () => {
  it('keeps the entries of each profile and account apart', async () => {
    let profileId = 'profile-a';
    const t = suite.uploads({ token: undefined, profileId: () => profileId });
    const { entries } = await t.service.add({ country: 'IT', files: [{ file: { kind: 'bytes', name: 'a.xml', base64: base64(invoiceXml('PA-1')) } }] });
    profileId = 'profile-b';
    expect(await t.service.list()).toEqual([]);
    await expect(t.service.cancel(entries[0]?.localId ?? '')).rejects.toMatchObject({ code: 'not_found' });
    // Signed in on profile B: profile A's file is not sent.
    t.session.signIn(suite.token);
    await t.service.add({ country: 'IT', files: [{ file: { kind: 'bytes', name: 'b.xml', base64: base64(invoiceXml('PB-1')) } }] });
    const [onB] = await untilAllSettled(t, 1);
    expect(onB?.fileName).toBe('b.xml');
    expect(transferDebug(suite.emulator.context).countUploads(entries[0]?.e2eId ?? '')).toBe(0);
  });

  it('sends and follows a file only as the account that added it', async () => {
    const otherUser = demoAccountUser(suite.emulator.context.accounts, 'no-upload-pl');
    const t = suite.uploads({ token: 'rejected-token' });
    const [mine] = (await t.service.add({ country: 'IT', files: [{ file: { kind: 'bytes', name: 'mine.xml', base64: base64(invoiceXml('AC-1')) } }] })).entries;
    await waitFor(async () => (await t.service.list()).some((e) => e.history.some((h) => h.state === 'sending') && e.state === 'queued'));
    // Someone else signs in on the same profile: their file goes, mine waits for me.
    t.session.signIn(await suite.emulator.login('no-upload-pl'), otherUser);
    await t.service.add({ country: 'IT', files: [{ file: { kind: 'bytes', name: 'theirs.xml', base64: base64(invoiceXml('AC-2')) } }] });
    await waitFor(async () => (await t.service.list()).find((e) => e.fileName === 'theirs.xml')?.state === 'done');
    const waiting = (await t.service.list()).find((e) => e.localId === mine?.localId);
    expect(waiting).toMatchObject({ state: 'queued', warning: `Added by ${suite.user.email}: sign in with that account to send or follow this file.` });
    expect(waiting?.warningCode).toBe('other_account');
    expect(transferDebug(suite.emulator.context).countUploads(mine?.e2eId ?? '')).toBe(0);
    await expect(t.service.retry(mine?.localId ?? '')).rejects.toMatchObject({ code: 'conflict' });
    t.session.signIn(suite.token, suite.user);
    await untilAllSettled(t, 2);
    expect(transferDebug(suite.emulator.context).countUploads(mine?.e2eId ?? '', suite.user.uid)).toBe(1);
  });
});

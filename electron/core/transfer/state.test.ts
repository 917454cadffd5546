import { describe, expect, it } from 'vitest';
import type { JournalEntry } from './journal/entry';
import { messages } from './api/messages';
import { canCancel, canRetry, canTransition, IllegalTransitionError, toView, transition } from './state';

const at = new Date('2026-10-01T09:00:00Z');

function entry(overrides: Partial<JournalEntry> = {}): JournalEntry {
  return {
    localId: 'l1',
    batchId: 'b1',
    profileId: 'p',
    origin: '/x/a.xml',
    fileName: 'a.xml',
    source: { kind: 'path', path: '/x/a.xml' },
    sha256: 'a'.repeat(64),
    size: 10,
    country: 'IT',
    e2eId: 'E1',
    state: 'queued',
    previousUploadIds: [],
    history: [{ at: at.toISOString(), state: 'queued' }],
    sendAttempts: 0,
    autoResends: 0,
    notFoundResends: 0,
    adoptedAfterUncertain: false,
    createdAt: at.toISOString(),
    updatedAt: at.toISOString(),
    ...overrides,
  };
}

describe('upload state machine', () => {
  it('follows queued → sending → accepted → tracking → done with a timed history item per change', () => {
    let e = entry();
    const steps: Array<[JournalEntry['state'], Parameters<typeof transition>[2]]> = [
      ['sending', {}],
      ['accepted', { uploadId: 'u1', serverStatus: 'pending' }],
      ['tracking', { serverStatus: 'ingested' }],
      ['tracking', { serverStatus: 'processing' }],
      ['tracking', { serverStatus: 'processing' }],
      ['done', { serverStatus: 'delivered' }],
    ];
    steps.forEach(([next, changes], index) => {
      e = transition(e, next, changes, new Date(at.getTime() + (index + 1) * 1000));
    });
    expect(e.history.map((h) => [h.state, h.serverStatus ?? null])).toEqual([
      ['queued', null],
      ['sending', null],
      ['accepted', 'pending'],
      ['tracking', 'ingested'],
      ['tracking', 'processing'],
      ['done', 'delivered'],
    ]);
    expect(e.history.at(-1)?.at).toBe('2026-10-01T09:00:06.000Z');
    expect(e.updatedAt).toBe('2026-10-01T09:00:06.000Z');
  });

  it('refuses transitions the design does not have', () => {
    expect(canTransition('done', 'queued')).toBe(false);
    expect(canTransition('cancelled', 'queued')).toBe(false);
    expect(canTransition('tracking', 'sending')).toBe(false);
    expect(canTransition('uncertain', 'sending')).toBe(false);
    expect(() => transition(entry({ state: 'done' }), 'sending', {}, at)).toThrow(IllegalTransitionError);
  });

  it('has the crash and 503 paths: sending → uncertain → tracking (adopted) or queued (resend)', () => {
    const sending = transition(entry(), 'sending', {}, at);
    const uncertain = transition(sending, 'uncertain', { uploadId: 'r1', warning: 'checking' }, at);
    expect(transition(uncertain, 'tracking', { uploadId: 'u2', serverStatus: 'pending' }, at).uploadId).toBe('u2');
    const resend = transition(uncertain, 'queued', { uploadId: undefined, warning: undefined, note: 'again' }, at);
    expect(resend.uploadId).toBeUndefined();
    expect(resend.warning).toBeUndefined();
    // Not written to the journal either.
    expect(JSON.parse(JSON.stringify(resend))).not.toHaveProperty('uploadId');
    expect(resend.history.at(-1)).toEqual({ at: at.toISOString(), state: 'queued', note: 'again' });
  });

  it('goes back to queued after a 401 while sending, never to failed', () => {
    const sending = transition(entry(), 'sending', {}, at);
    expect(transition(sending, 'queued', { warning: 'Sign in again' }, at).state).toBe('queued');
  });

  it('drops a warning code when a later warning comes without one', () => {
    const sending = transition(entry(), 'sending', {}, at);
    const waiting = transition(sending, 'queued', { warning: 'Sign in again', warningCode: 'sign_in' }, at);
    expect(toView(waiting).warningCode).toBe('sign_in');
    const again = transition(transition(waiting, 'sending', {}, at), 'queued', { warning: 'The app was closed' }, at);
    expect(toView(again).warningCode).toBeUndefined();
    expect(toView(transition(waiting, 'sending', { warning: undefined }, at)).warningCode).toBeUndefined();
  });

  it('words the core’s fixed warnings as reasons (also of entries journaled before reasons), and no other text', () => {
    const sending = transition(entry(), 'sending', {}, at);
    const crashed = transition(sending, 'uncertain', { warning: messages.crashed }, at);
    expect(toView(crashed).warningReason).toEqual({ key: 'uploads.warnCrashed', params: {} });
    const unconfirmed = transition(sending, 'uncertain', { warning: messages.unavailable, note: messages.unavailable }, at);
    expect(toView(unconfirmed).history.at(-1)?.reason).toEqual({ key: 'uploads.warnUnconfirmed', params: {} });
    const waiting = transition(sending, 'queued', { warning: messages.waitingForSignIn, warningCode: 'sign_in' }, at);
    expect(toView(waiting).warningReason).toEqual({ key: 'uploads.warnWaitingForSignIn', params: {} });
    expect(toView(transition(sending, 'queued', { warning: 'Waiting: the service is busy.' }, at)).warningReason).toBeUndefined();
    expect(toView(transition(crashed, 'queued', { warning: undefined }, at)).warningReason).toBeUndefined();
  });

  it('keeps the reason of a warning built from pieces, until another warning replaces it', () => {
    const sending = transition(entry(), 'sending', {}, at);
    const why = { key: 'uploads.warnCopies' as const, params: { copies: 2, upload: 'u-7' } };
    const adopted = transition(transition(sending, 'uncertain', {}, at), 'tracking', { uploadId: 'u-7', warning: 'The service holds 2 uploads of this file under its End-to-end ID; the app follows upload u-7.', warningReason: why }, at);
    expect(toView(adopted).warningReason).toEqual(why);
    expect(toView(transition(adopted, 'tracking', { warning: 'Something else' }, at)).warningReason).toBeUndefined();
    expect(toView(transition(adopted, 'tracking', { warning: undefined }, at)).warningReason).toBeUndefined();
  });

  it('offers retry only for failed and rejected files, cancel only while queued', () => {
    const states: JournalEntry['state'][] = ['queued', 'sending', 'accepted', 'tracking', 'done', 'failed', 'rejected', 'uncertain', 'cancelled'];
    expect(states.filter((state) => canRetry(entry({ state })))).toEqual(['failed', 'rejected']);
    expect(states.filter((state) => canCancel(entry({ state })))).toEqual(['queued']);
  });

  it('shows the renderer no internal fields (path source, counters, profile)', () => {
    const view = toView(entry({ state: 'failed', error: { code: 'validation', message: 'bad' }, warning: 'w' }));
    expect(Object.keys(view).sort()).toEqual(
      ['batchId', 'canCancel', 'canRetry', 'country', 'createdAt', 'e2eId', 'error', 'fileName', 'history', 'localId', 'origin', 'sha256', 'size', 'state', 'updatedAt', 'warning'].sort(),
    );
    expect(view).toMatchObject({ canRetry: true, canCancel: false });
  });
});

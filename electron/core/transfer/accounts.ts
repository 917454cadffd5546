/**
 * Whose entries are whose: only the signed-in account of the active profile sends, follows or
 * reconciles an entry, and the renderer's view says when another account added it.
 */
import type { SessionStatus, SessionUser, UploadEntry } from '../../../shared/contract';
import type { JournalEntry } from './journal/entry';
import { settledStates, toView } from './state';

export interface UploadsSession {
  getToken(): string;
  status(): SessionStatus;
}

export interface AccountRules {
  /** The signed-in account, if it is signed in to the active profile. */
  currentAccount(): SessionUser | undefined;
  /** Entries the signed-in account of the active profile may work on. */
  isWorkable(entry: JournalEntry, account: SessionUser | undefined): account is SessionUser;
  view(entry: JournalEntry, account?: SessionUser): UploadEntry;
}

export function createAccountRules(session: UploadsSession, activeProfileId: () => string): AccountRules {
  const currentAccount = (): SessionUser | undefined => {
    const status = session.status();
    if (status.state !== 'signedIn' || !status.user || status.profileId !== activeProfileId()) return undefined;
    return status.user;
  };
  return {
    currentAccount,
    isWorkable: (entry, account): account is SessionUser =>
      account !== undefined && entry.profileId === activeProfileId() && (entry.accountUid === undefined || entry.accountUid === account.uid),
    view(entry, account = currentAccount()) {
      const out = toView(entry);
      if (account && entry.accountUid && entry.accountUid !== account.uid && !settledStates.has(entry.state)) {
        out.warning = `Added by ${entry.accountEmail ?? 'another account'}: sign in with that account to send or follow this file.`;
        out.warningCode = 'other_account';
      }
      return out;
    },
  };
}

/**
 * Who calls the fiscal interfaces, and the logins the fiscal area creates: a merchant created
 * through MF2 (ROLE_MERCHANT, its own shop only) and the cashiers created through MF1
 * (ROLE_CASHIER, issue documents for their merchant). Both sign in with `POST /login` on the
 * auth listener. The demo accounts play the provider's partner (ROLE_SUPPLIER): every merchant.
 */
import type { DemoAccount, EmulatorContext } from '../context';
import { FISCAL_PROJECT } from './http/access';
import { forbidden } from './http/problems';
import type { Cashier, MerchantAccount } from './state';
import type { FiscalStore } from './store';

export type Caller =
  | { kind: 'supplier'; account: DemoAccount }
  | { kind: 'merchant'; account: DemoAccount; merchantUuid: string }
  | { kind: 'cashier'; account: DemoAccount; merchantUuid: string; cashier: Cashier };

export function callerOf(store: FiscalStore, account: DemoAccount): Caller {
  const cashier = store.state.cashiers.find((candidate) => candidate.uid === account.uid);
  if (cashier) return { kind: 'cashier', account, merchantUuid: cashier.merchant_uuid, cashier };
  const merchant = store.state.merchant_accounts.find((candidate) => candidate.uid === account.uid);
  if (merchant) return { kind: 'merchant', account, merchantUuid: merchant.merchant_uuid };
  return { kind: 'supplier', account };
}

/** Whether the caller may see or change the data of `merchantUuid`. */
export function mayAccess(caller: Caller, merchantUuid: string): boolean {
  return caller.kind === 'supplier' || caller.merchantUuid === merchantUuid;
}

/** 403 for a cashier: onboarding and management are for merchants and partners. */
export function assertManager(caller: Caller, what: string): void {
  if (caller.kind === 'cashier') throw forbidden(`A cashier may not ${what}; sign in as the merchant or a partner (ROLE_MERCHANT, ROLE_SUPPLIER).`);
}

function login(uid: string, email: string, password: string, fullname: string, role: 'ROLE_MERCHANT' | 'ROLE_CASHIER'): DemoAccount {
  return {
    name: `${role === 'ROLE_CASHIER' ? 'cashier' : 'merchant'}:${email}`,
    email,
    password,
    description: role === 'ROLE_CASHIER' ? 'A cashier created through MF1.' : 'A merchant created through MF2.',
    uid,
    fullname,
    roles: { [FISCAL_PROJECT]: [role] },
    uploadAccess: { IT: 'no_access', PL: 'no_access' },
    canWrite: true,
  };
}

/** Whether any login (demo, merchant or cashier) already uses this e-mail (case-insensitive). */
export function emailInUse(ctx: EmulatorContext, email: string): boolean {
  const wanted = email.toLowerCase();
  return ctx.accounts.some((account) => account.email.toLowerCase() === wanted);
}

export function addCashierLogin(ctx: EmulatorContext, cashier: Cashier): void {
  ctx.accounts.push(login(cashier.uid, cashier.email, cashier.password, cashier.display_name ?? cashier.name, 'ROLE_CASHIER'));
}

export function addMerchantLogin(ctx: EmulatorContext, account: MerchantAccount, email: string, fullname: string): void {
  ctx.accounts.push(login(account.uid, email, account.password, fullname, 'ROLE_MERCHANT'));
}

/** Removes a login: its tokens stop working at once (401). */
export function removeLogin(ctx: EmulatorContext, uid: string): void {
  const index = ctx.accounts.findIndex((account) => account.uid === uid);
  if (index >= 0) ctx.accounts.splice(index, 1);
}

/** At start: the logins of the saved merchants and cashiers. */
export function restoreLogins(ctx: EmulatorContext, store: FiscalStore): void {
  for (const account of store.state.merchant_accounts) {
    const merchant = store.merchant(account.merchant_uuid);
    if (merchant) addMerchantLogin(ctx, account, merchant.email, merchant.business_name ?? `${merchant.first_name ?? ''} ${merchant.last_name ?? ''}`.trim());
  }
  for (const cashier of store.state.cashiers) addCashierLogin(ctx, cashier);
}

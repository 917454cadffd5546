/**
 * Time-limited download links for `/print`: a random token that needs no bearer token, valid for a
 * few minutes; afterwards the link answers 410 Gone.
 */
import { randomBytes } from 'node:crypto';

export const PRINT_LINK_TTL_MS = 5 * 60_000;
/** Expired links are remembered this long so they answer 410 instead of 404. */
const EXPIRED_MEMORY_MS = 60 * 60_000;

interface PrintLink {
  uuid: string;
  expiresAtMs: number;
}

export type PrintLinkLookup = { state: 'valid'; uuid: string } | { state: 'expired'; expiredAtMs: number } | { state: 'unknown' };

export class PrintLinks {
  private readonly links = new Map<string, PrintLink>();

  constructor(private readonly now: () => Date) {}

  create(uuid: string): { token: string; expiresAtMs: number } {
    this.prune();
    const token = randomBytes(24).toString('base64url');
    const expiresAtMs = this.now().getTime() + PRINT_LINK_TTL_MS;
    this.links.set(token, { uuid, expiresAtMs });
    return { token, expiresAtMs };
  }

  lookup(token: string): PrintLinkLookup {
    const link = this.links.get(token);
    if (!link) return { state: 'unknown' };
    if (this.now().getTime() >= link.expiresAtMs) return { state: 'expired', expiredAtMs: link.expiresAtMs };
    return { state: 'valid', uuid: link.uuid };
  }

  private prune(): void {
    const now = this.now().getTime();
    for (const [token, link] of this.links) if (now - link.expiresAtMs > EXPIRED_MEMORY_MS) this.links.delete(token);
  }
}

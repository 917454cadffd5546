/**
 * undici Agents (DESIGN §10: `fetch`/`request` and `Agent` come from the same undici package).
 * Passing `ca` replaces Node's trust store, so extra CAs are appended to `tls.rootCertificates`.
 */
import crypto from 'node:crypto';
import tls from 'node:tls';
import { Agent } from 'undici';

export interface AgentTuning {
  /** Sockets per origin (default 8). */
  connections?: number;
  keepAliveTimeoutMs?: number;
  connectTimeoutMs?: number;
}

/** The CAs to trust: the system's roots plus the given PEMs; undefined means Node's defaults. */
export function trustedCas(extraPems: ReadonlyArray<string | undefined>): string[] | undefined {
  const extra = extraPems.filter((pem): pem is string => Boolean(pem && pem.trim()));
  return extra.length === 0 ? undefined : [...tls.rootCertificates, ...extra];
}

export function createProfileAgent(options: { extraCaPems?: ReadonlyArray<string | undefined> } & AgentTuning = {}): Agent {
  const ca = trustedCas(options.extraCaPems ?? []);
  return new Agent({
    connections: options.connections ?? 8,
    keepAliveTimeout: options.keepAliveTimeoutMs ?? 10_000,
    connect: { timeout: options.connectTimeoutMs ?? 10_000, ...(ca ? { ca } : {}) },
  });
}

export type ClientCredentials =
  | { pfx: Buffer | Uint8Array; passphrase: string }
  | { cert: string | Buffer; key: string | Buffer; passphrase?: string };

/** An Agent that presents a client certificate (the fiscal mTLS listener). */
export function createMtlsAgent(credentials: ClientCredentials, options: { extraCaPems?: ReadonlyArray<string | undefined> } & AgentTuning = {}): Agent {
  const ca = trustedCas(options.extraCaPems ?? []);
  const identity =
    'pfx' in credentials
      ? { pfx: Buffer.from(credentials.pfx), passphrase: credentials.passphrase }
      : { cert: credentials.cert, key: credentials.key, ...(credentials.passphrase !== undefined ? { passphrase: credentials.passphrase } : {}) };
  return new Agent({
    connections: options.connections ?? 4,
    keepAliveTimeout: options.keepAliveTimeoutMs ?? 10_000,
    connect: { timeout: options.connectTimeoutMs ?? 10_000, ...identity, ...(ca ? { ca } : {}) },
  });
}

/**
 * One Agent per profile, rebuilt when the profile's trust changes (edited extra CA, a new
 * emulator CA); replaced Agents are closed once their requests finish.
 */
export class ProfileAgents {
  readonly #agents = new Map<string, { fingerprint: string; agent: Agent }>();
  readonly #tuning: AgentTuning;

  constructor(tuning: AgentTuning = {}) {
    this.#tuning = tuning;
  }

  get(profileId: string, extraCaPems: ReadonlyArray<string | undefined>): Agent {
    const fingerprint = crypto.createHash('sha256').update(extraCaPems.filter(Boolean).join('\n')).digest('hex');
    const existing = this.#agents.get(profileId);
    if (existing?.fingerprint === fingerprint) return existing.agent;
    if (existing) void existing.agent.close().catch(() => undefined);
    const agent = createProfileAgent({ ...this.#tuning, extraCaPems });
    this.#agents.set(profileId, { fingerprint, agent });
    return agent;
  }

  async closeAll(): Promise<void> {
    const agents = [...this.#agents.values()].map((entry) => entry.agent);
    this.#agents.clear();
    await Promise.all(agents.map((agent) => agent.destroy().catch(() => undefined)));
  }
}

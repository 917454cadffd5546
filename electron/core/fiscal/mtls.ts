/**
 * The fiscal mTLS Agent (DESIGN §4 HTTP): built from the active profile's cash register
 * certificate and the CAs the profile trusts, rebuilt when either changes; replaced Agents are
 * closed once their requests finish.
 */
import crypto from 'node:crypto';
import type { Dispatcher } from 'undici';
import type { MtlsIdentity } from '../certificates/service';
import { createMtlsAgent } from '../http/agents';

export interface MtlsAgentDeps {
  identity: () => Promise<MtlsIdentity>;
  caPems: () => string[];
}

export interface MtlsAgents {
  /** The Agent and the identity it presents; a `certificate` error when none is imported. */
  current(): Promise<{ dispatcher: Dispatcher; identity: MtlsIdentity }>;
  close(): Promise<void>;
}

export function createMtlsAgents(deps: MtlsAgentDeps): MtlsAgents {
  let cached: { key: string; agent: ReturnType<typeof createMtlsAgent> } | undefined;
  return {
    async current() {
      const identity = await deps.identity();
      const caPems = deps.caPems();
      const key = crypto.createHash('sha256').update(identity.fingerprint256).update('\n').update(caPems.join('\n')).digest('hex');
      if (cached?.key !== key) {
        if (cached) void cached.agent.close().catch(() => undefined);
        cached = { key, agent: createMtlsAgent(identity.credentials, { extraCaPems: caPems }) };
      }
      return { dispatcher: cached.agent, identity };
    },
    async close() {
      const agent = cached?.agent;
      cached = undefined;
      await agent?.destroy().catch(() => undefined);
    },
  };
}

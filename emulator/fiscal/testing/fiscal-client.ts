/** Test helpers: calls to the fiscal listeners over real loopback, with or without a client certificate. */
import { readFileSync } from 'node:fs';
import { Agent, fetch } from 'undici';
import type { TestEmulator } from '../../testing';

export interface FiscalResponse {
  status: number;
  headers: Headers;
  bytes: Buffer;
  text: string;
  /** The parsed JSON body, or undefined when the body is not JSON. */
  json: unknown;
}

export interface CallOptions {
  token?: string | null;
  body?: unknown;
  accept?: string;
  /** The mTLS agent to use (its listener), or none for the plain fiscal listener. */
  agent?: Agent;
  headers?: Record<string, string>;
}

async function read(response: Awaited<ReturnType<typeof fetch>>): Promise<FiscalResponse> {
  const bytes = Buffer.from(await response.arrayBuffer());
  const text = bytes.toString('utf8');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers as unknown as Headers, bytes, text, json };
}

export function fiscalClient(emulator: TestEmulator) {
  const agents: Agent[] = [];
  const newAgent = (connect: Record<string, unknown>) => {
    const agent = new Agent({ connect: { ca: emulator.context.pki.caCertPem, ...connect } });
    agents.push(agent);
    return agent;
  };
  return {
    /** An agent presenting the client certificate of the seeded cash register `pemSerialNumber`. */
    cashRegister(pemSerialNumber: string): Agent {
      const certificate = emulator.context.pki.clientCertificates.find((candidate) => candidate.pemSerialNumber === pemSerialNumber);
      if (!certificate) throw new Error(`No client certificate for ${pemSerialNumber}`);
      return newAgent({ pfx: readFileSync(certificate.p12Path), passphrase: certificate.passphrase });
    },
    /** An agent that trusts the emulator but presents no client certificate. */
    anonymous(): Agent {
      return newAgent({});
    },
    /** An agent presenting a certificate and key given as PEM. */
    withPem(certPem: string, keyPem: string): Agent {
      return newAgent({ cert: certPem, key: keyPem });
    },
    async call(method: string, path: string, options: CallOptions = {}): Promise<FiscalResponse> {
      const base = options.agent ? emulator.urls.fiscalMtlsUrl : emulator.urls.fiscalUrl;
      const headers: Record<string, string> = { ...options.headers };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      if (options.accept) headers.accept = options.accept;
      if (options.body !== undefined) headers['content-type'] = 'application/json';
      const response = await fetch(`${base}${path}`, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        ...(options.agent ? { dispatcher: options.agent } : {}),
      });
      return read(response);
    },
    async close(): Promise<void> {
      await Promise.all(agents.map((agent) => agent.close()));
    },
  };
}

export type FiscalClient = ReturnType<typeof fiscalClient>;

/** A one-line sale paid in cash. */
export function cashSale(unitPrice = '3.20', vat = '4.00', extra: Record<string, unknown> = {}) {
  return {
    items: [{ quantity: '1.00', description: 'Pane casereccio', unit_price: unitPrice, vat_rate_code: vat, ...extra }],
    payments: [{ payment_type: 'cash', amount: unitPrice }],
  };
}

/** The members of an MF1 page (throws with the body when it is not one). */
export function members<T = Record<string, unknown>>(response: FiscalResponse): T[] {
  const body = response.json as { members?: T[] } | undefined;
  if (!body?.members) throw new Error(`Not an MF1 page (${response.status}): ${response.text.slice(0, 300)}`);
  return body.members;
}

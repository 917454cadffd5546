/**
 * The renderer's side of the browser-shell upload route, as Chromium does it: for each planned
 * `uploads.add` call, POST its files to the bridge (secret and Origin), one call after another as
 * send-batch.ts does: as binary (`binary: true`, what the page does since issue 12's sixth session:
 * the call's JSON with placeholders, then the files' bytes as Chromium reads them into the
 * request) or, the earlier route, read and base64-encoded into the call's JSON. Runs in the
 * routes bench's own process since the core runs in a process of its own (routes-core-child.ts);
 * until then it ran in a child process of its own, so that its work stayed off the core's.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Agent, request } from 'undici';
import { BINARY_CONTENT_TYPE, INVOKE_PATH_PREFIX, JSON_BYTES_HEADER, SECRET_HEADER } from '../../electron/browser-shell/bridge-script';

export interface BridgeDrop {
  origin: string;
  secret: string;
  calls: string[][];
  binary: boolean;
}

/** The request the bridge script makes for a call holding Blobs: JSON with `{ $blob, size }`, then the bytes. */
async function binaryCall(call: readonly string[]): Promise<{ body: Buffer; headers: Record<string, string> }> {
  const contents = await Promise.all(call.map((file) => fs.promises.readFile(file)));
  const files = call.map((file, index) => ({ file: { kind: 'binary', name: path.basename(file), data: { $blob: index, size: contents[index]!.length } } }));
  const json = Buffer.from(JSON.stringify({ country: 'IT', files }));
  return { body: Buffer.concat([json, ...contents]), headers: { 'content-type': BINARY_CONTENT_TYPE, [JSON_BYTES_HEADER]: String(json.length) } };
}

async function jsonCall(call: readonly string[]): Promise<{ body: string; headers: Record<string, string> }> {
  const files = await Promise.all(call.map(async (file) => ({ file: { kind: 'bytes', name: path.basename(file), base64: (await fs.promises.readFile(file)).toString('base64') } })));
  return { body: JSON.stringify({ country: 'IT', files }), headers: { 'content-type': 'application/json' } };
}

/** Sends the drop's calls; resolves with the time spent inside them (the bridge's share), or throws the first refusal. */
export async function dropThroughBridge({ origin, secret, calls, binary }: BridgeDrop): Promise<{ callsMs: number }> {
  const agent = new Agent({ connections: 1 });
  let callsMs = 0;
  try {
    for (const call of calls) {
      const { body, headers } = binary ? await binaryCall(call) : await jsonCall(call);
      const callStarted = performance.now();
      const response = await request(`${origin}${INVOKE_PATH_PREFIX}uploads.add`, {
        method: 'POST',
        headers: { ...headers, origin, [SECRET_HEADER]: secret },
        body,
        dispatcher: agent,
      });
      const answer = (await response.body.json()) as { ok: boolean; value?: { rejected: unknown[] } };
      callsMs += performance.now() - callStarted;
      if (!answer.ok || (answer.value?.rejected.length ?? 0) > 0) throw new Error(`The bridge refused the bench's files: ${JSON.stringify(answer).slice(0, 300)}`);
    }
  } finally {
    await agent.close();
  }
  return { callsMs };
}

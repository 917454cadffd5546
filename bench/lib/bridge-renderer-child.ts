/**
 * The renderer's side of the browser-shell upload route, in its own process as Chromium's is:
 * for each planned `uploads.add` call, read its files, base64-encode them into the call's JSON and
 * POST it to the bridge (secret and Origin), one call after another as send-batch.ts does.
 * Started by bench/uploads-routes.ts with `fork` (tsx); it answers each `drop` message with the
 * absolute time the drop began (`performance.timeOrigin + now`), the time spent in the calls and
 * the first refusal, if any.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Agent, request } from 'undici';
import { INVOKE_PATH_PREFIX, SECRET_HEADER } from '../../electron/browser-shell/bridge-script';

export interface DropMessage {
  origin: string;
  secret: string;
  calls: string[][];
}

export interface DropAnswer {
  startedAt: number;
  callsMs: number;
  error?: string;
}

const agent = new Agent({ connections: 1 });
const absoluteNow = (): number => performance.timeOrigin + performance.now();

async function drop({ origin, secret, calls }: DropMessage): Promise<DropAnswer> {
  const startedAt = absoluteNow();
  let callsMs = 0;
  for (const call of calls) {
    const files = await Promise.all(call.map(async (file) => ({ file: { kind: 'bytes', name: path.basename(file), base64: (await fs.promises.readFile(file)).toString('base64') } })));
    const body = JSON.stringify({ country: 'IT', files });
    const callStarted = performance.now();
    const response = await request(`${origin}${INVOKE_PATH_PREFIX}uploads.add`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin, [SECRET_HEADER]: secret },
      body,
      dispatcher: agent,
    });
    const answer = (await response.body.json()) as { ok: boolean; value?: { rejected: unknown[] } };
    callsMs += performance.now() - callStarted;
    if (!answer.ok || (answer.value?.rejected.length ?? 0) > 0) return { startedAt, callsMs, error: `The bridge refused the bench's files: ${JSON.stringify(answer).slice(0, 300)}` };
  }
  return { startedAt, callsMs };
}

process.on('message', (message: DropMessage) => {
  drop(message).then(
    (answer) => process.send?.(answer),
    (error: unknown) => process.send?.({ startedAt: absoluteNow(), callsMs: 0, error: error instanceof Error ? error.message : String(error) } satisfies DropAnswer),
  );
});
process.on('disconnect', () => process.exit(0));

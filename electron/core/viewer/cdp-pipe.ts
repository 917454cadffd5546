/**
 * The Chrome DevTools Protocol over `--remote-debugging-pipe` (fd 3: commands in, fd 4: replies
 * and events out, each message JSON ended by a NUL): no port is opened, so no other program on the
 * machine can drive the browser.
 */
import type { Readable, Writable } from 'node:stream';

interface Reply {
  id?: number;
  method?: string;
  params?: Record<string, unknown>;
  result?: Record<string, unknown>;
  error?: { message: string };
  sessionId?: string;
}

type EventListener = (params: Record<string, unknown>, sessionId: string | undefined) => void;

export interface CdpConnection {
  send<T = Record<string, unknown>>(method: string, params?: Record<string, unknown>, sessionId?: string): Promise<T>;
  on(method: string, listener: EventListener): void;
  /** Fails every command still waiting (the browser ended). */
  close(error: Error): void;
}

export function cdpOverPipe(input: Writable, output: Readable): CdpConnection {
  let nextId = 1;
  const waiting = new Map<number, { resolve(result: Record<string, unknown>): void; reject(error: Error): void }>();
  const listeners = new Map<string, EventListener[]>();
  let buffered = '';
  let closed: Error | undefined;

  output.setEncoding('utf8');
  output.on('data', (chunk: string) => {
    buffered += chunk;
    for (let end = buffered.indexOf('\0'); end >= 0; end = buffered.indexOf('\0')) {
      const message = JSON.parse(buffered.slice(0, end)) as Reply;
      buffered = buffered.slice(end + 1);
      if (message.id !== undefined) {
        const entry = waiting.get(message.id);
        waiting.delete(message.id);
        if (message.error) entry?.reject(new Error(message.error.message));
        else entry?.resolve(message.result ?? {});
      } else if (message.method) {
        for (const listener of listeners.get(message.method) ?? []) listener(message.params ?? {}, message.sessionId);
      }
    }
  });
  input.on('error', () => undefined);

  return {
    send(method, params = {}, sessionId) {
      if (closed) return Promise.reject(closed);
      const id = nextId++;
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve: resolve as (result: Record<string, unknown>) => void, reject });
        input.write(`${JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) })}\0`);
      });
    },
    on(method, listener) {
      listeners.set(method, [...(listeners.get(method) ?? []), listener]);
    },
    close(error) {
      closed = error;
      for (const entry of waiting.values()) entry.reject(error);
      waiting.clear();
    },
  };
}

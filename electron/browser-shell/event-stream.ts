import type { ServerResponse } from 'node:http';

interface SentEvent {
  id: number;
  frame: string;
}

/**
 * Server-sent events to every open page: `id`, `event: <name>` and one line of JSON data per event,
 * comment heartbeats so proxies and the browser keep the stream open, and a short replay buffer so
 * an EventSource that reconnects (it sends Last-Event-ID) misses nothing.
 */
export class EventStreamHub {
  private readonly clients = new Set<ServerResponse>();
  private readonly recent: SentEvent[] = [];
  private nextId = 1;
  private readonly heartbeat: NodeJS.Timeout;

  constructor(
    heartbeatMs = 15_000,
    private readonly replayLimit = 200,
  ) {
    this.heartbeat = setInterval(() => this.broadcast(': heartbeat\n\n'), heartbeatMs);
    this.heartbeat.unref();
  }

  get size(): number {
    return this.clients.size;
  }

  attach(response: ServerResponse, lastEventId: string | undefined): void {
    response.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
      'X-Content-Type-Options': 'nosniff',
    });
    response.write('retry: 1000\n: connected\n\n');
    const after = lastEventId === undefined ? Number.NaN : Number.parseInt(lastEventId, 10);
    if (Number.isSafeInteger(after)) {
      for (const event of this.recent) if (event.id > after) response.write(event.frame);
    }
    this.clients.add(response);
    response.on('close', () => this.clients.delete(response));
  }

  publish(name: string, payload: unknown): void {
    let data: string;
    try {
      data = JSON.stringify(payload ?? null);
    } catch {
      return;
    }
    const id = this.nextId++;
    // JSON.stringify never emits raw newlines, so one `data:` line carries the whole payload.
    const frame = `id: ${id}\nevent: ${name.replace(/[\r\n]/g, '')}\ndata: ${data}\n\n`;
    this.recent.push({ id, frame });
    if (this.recent.length > this.replayLimit) this.recent.shift();
    this.broadcast(frame);
  }

  close(): void {
    clearInterval(this.heartbeat);
    for (const client of this.clients) client.end();
    this.clients.clear();
  }

  private broadcast(frame: string): void {
    for (const client of this.clients) {
      if (!client.writableEnded && !client.destroyed) client.write(frame);
    }
  }
}

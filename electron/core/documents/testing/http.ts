/** An HttpClient on its own undici Agent, for tests of the documents area. */
import { Agent } from 'undici';
import { createHttpClient, type HttpClient } from '../../http/client';
import { MemoryLogger } from '../../testing/memory-ports';

export interface TestHttp {
  http: HttpClient;
  logger: MemoryLogger;
  close(): Promise<void>;
}

export function createTestHttp(): TestHttp {
  const agent = new Agent({ connections: 16 });
  const logger = new MemoryLogger();
  const http = createHttpClient({ logger, dispatcher: () => agent, retry: { baseDelayMs: 1, maxDelayMs: 5 } });
  return { http, logger, close: () => agent.close() };
}

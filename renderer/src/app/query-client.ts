import { QueryClient } from '@tanstack/react-query';

/** The core retries what may be retried (DESIGN §4); the renderer does not add its own retries. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

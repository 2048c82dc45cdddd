import { QueryClient } from '@tanstack/react-query';

/** One QueryClient for the app. The API client already retries idempotent calls (3 × 1000 ms), so queries don't. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

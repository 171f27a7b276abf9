import { ApiError } from '@swipe/api-client';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { notifyError } from './notify';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { silent?: boolean };
    mutationMeta: { silent?: boolean };
  }
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (err, query) => {
      if (!query.meta?.silent) notifyError(err);
    },
  }),
  mutationCache: new MutationCache({
    onError: (err, _v, _c, mutation) => {
      if (!mutation.meta?.silent) notifyError(err);
    },
  }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // 4xx answers are final; retry only what may be transient.
      retry: (count, err) => count < 1 && !(err instanceof ApiError && err.status < 500),
    },
  },
});

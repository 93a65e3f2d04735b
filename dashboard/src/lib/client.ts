import { Client, cacheExchange, fetchExchange, mapExchange } from 'urql';
import { csrfToken } from './session';

/** The GraphQL client: same-origin cookie session, CSRF header on every request, 401 ends the session. */
export function createClient(onUnauthenticated: () => void): Client {
  return new Client({
    url: '/graphql',
    // POST always: Apollo's CSRF prevention refuses GET queries without its own headers.
    preferGetMethod: false,
    exchanges: [
      mapExchange({
        onError(error) {
          if (error.graphQLErrors.some((e) => e.extensions?.code === 'unauthenticated')) onUnauthenticated();
        },
      }),
      cacheExchange,
      fetchExchange,
    ],
    fetchOptions: () => ({ credentials: 'same-origin', headers: { 'x-csrf-token': csrfToken() } }),
    // Lists refetch after mutations through additionalTypenames / explicit reexecution.
    requestPolicy: 'cache-and-network',
  });
}

/** The field problems (422 details) of a GraphQL error, by field name. */
export function fieldProblems(error: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  const errs = (error as { graphQLErrors?: Array<{ extensions?: { details?: Array<{ field: string; problem: string }> } }> })?.graphQLErrors ?? [];
  for (const e of errs) for (const d of e.extensions?.details ?? []) out[d.field] = d.problem;
  return out;
}

/** A readable message for any API error (GraphQL or network). */
export function errorMessage(error: unknown): string {
  const e = error as { graphQLErrors?: Array<{ message: string }>; networkError?: Error; message?: string };
  if (e?.graphQLErrors?.length) return e.graphQLErrors.map((g) => g.message).join('; ');
  if (e?.networkError) return `Network error: ${e.networkError.message}`;
  return e?.message ?? String(error);
}

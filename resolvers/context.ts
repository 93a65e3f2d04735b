import type { Request } from 'express';
import type { Services } from '../src/services';
import type { Principal } from '../src/services/principal';

/** Per-request GraphQL context: the services and a lazily resolved principal. */
export interface GqlContext {
  services: Services;
  req: Request;
  principal(): Promise<Principal>;
  /**
   * Runs `fn` once per request and key: an operation selected under many aliases (a license
   * validation builds the whole policy bundle) is computed once, not once per alias.
   */
  once<T>(key: string, fn: () => Promise<T>): Promise<T>;
}

export function createGqlContext(services: Services, req: Request): GqlContext {
  let cached: Promise<Principal> | undefined;
  const memo = new Map<string, Promise<unknown>>();
  return {
    services,
    req,
    principal() {
      // A policy key (X-Service-API-Key) authenticates preflight operations; everything else uses the bearer.
      cached ??= req.get('x-service-api-key') !== undefined
        ? services.auth.fromServiceKey(req.get('x-service-api-key'))
        : services.auth.fromBearer(req.get('authorization'));
      return cached;
    },
    once<T>(key: string, fn: () => Promise<T>): Promise<T> {
      if (!memo.has(key)) memo.set(key, fn());
      return memo.get(key) as Promise<T>;
    },
  };
}

/**
 * GraphQL input objects become the plain objects the services validate: class instances are
 * flattened and explicit nulls dropped (GraphQL's "not given"), so REST and GraphQL share one
 * input path.
 */
export function plain<T>(input: T): Record<string, unknown> {
  return JSON.parse(JSON.stringify(input ?? {}, (_k, v) => (v === null ? undefined : v)));
}

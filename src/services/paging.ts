import { z } from 'zod';
import type { FindManyOptions, ObjectLiteral, Repository } from 'typeorm';
import { parseInput } from './validation';

/** Page size when none is asked for, and the largest one served (docs/api-contract.md#paging). */
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 500;

/** A whole number in [min, max]; a REST query string's digits count as one. */
export const wholeNumber = (min: number, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
    z
      .number({ error: `must be a whole number from ${min} to ${max}` })
      .int(`must be a whole number from ${min} to ${max}`)
      .min(min, `must be a whole number from ${min} to ${max}`)
      .max(max, `must be a whole number from ${min} to ${max}`),
  );

/** `limit` and `offset` of every paged list, for REST query strings and GraphQL arguments alike. */
export const pageFields = {
  limit: wholeNumber(1, MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  offset: wholeNumber(0, Number.MAX_SAFE_INTEGER).default(0),
};

const pageSchema = z.strictObject(pageFields);

/**
 * What a list method is asked for: one page (`limit`/`offset`, validated here: 422 outside the
 * bounds), or `'all'` for the REST lists docs/api-contract.md#rest-paths returns whole.
 */
export type PageRequest = z.input<typeof pageSchema> | 'all';

/** One page of a list: the shape of every paged list in both APIs. */
export interface Page<T> {
  items: T[];
  /** The page size asked for (for `'all'`, the number of items). */
  limit: number;
  offset: number;
  /** Items in all pages. */
  total: number;
}

/**
 * One page of `repo` rows matching `options`, counted in the same call. `options.order` must
 * name a unique column last, so pages neither repeat nor skip rows.
 */
export async function findPage<E extends ObjectLiteral>(
  repo: Repository<E>,
  options: FindManyOptions<E>,
  request: PageRequest,
): Promise<Page<E>> {
  if (request === 'all') {
    const items = await repo.find(options);
    return { items, limit: items.length, offset: 0, total: items.length };
  }
  const { limit, offset } = parseInput(pageSchema, request);
  const [items, total] = await repo.findAndCount({ ...options, take: limit, skip: offset });
  return { items, limit, offset, total };
}

/** The same page with each item turned into its view. */
export function mapPage<T, U>(page: Page<T>, view: (item: T) => U): Page<U> {
  return { ...page, items: page.items.map(view) };
}

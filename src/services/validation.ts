import { z } from 'zod';
import { DomainError, FieldProblem } from '../errors';

/**
 * How deeply any input (a JSON body, GraphQL variables, organization settings) may nest. Real
 * inputs stay under 6 levels; a bound keeps recursive code (validation, serialisation, the
 * database driver) from running out of stack on hostile ones.
 */
export const MAX_INPUT_DEPTH = 32;

/** Fields that carry content to scan rather than a name: any code point is welcome there. */
const CONTENT_FIELDS = new Set(['text']);

/** NUL and unpaired UTF-16 surrogates: MariaDB's utf8mb4 silently alters them, and no name needs them. */
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Walks an input without recursion: the first problem found (nesting deeper than
 * MAX_INPUT_DEPTH, or a key or string holding NUL or an unpaired surrogate) as a 422 detail.
 * Never quotes the value.
 */
export function inputShapeProblem(input: unknown): FieldProblem | undefined {
  const stack: Array<{ v: unknown; path: string; depth: number }> = [{ v: input, path: '', depth: 0 }];
  while (stack.length > 0) {
    const { v, path, depth } = stack.pop()!;
    if (typeof v === 'string') {
      if (!CONTENT_FIELDS.has(path.slice(path.lastIndexOf('.') + 1)) && UNSTORABLE.test(v)) {
        return { field: path || '(body)', problem: 'must not contain NUL characters or unpaired UTF-16 surrogates' };
      }
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (depth >= MAX_INPUT_DEPTH) return { field: path || '(body)', problem: `nests deeper than ${MAX_INPUT_DEPTH} levels` };
    for (const [k, child] of Object.entries(v)) {
      const childPath = path ? `${path}.${k}` : k;
      if (UNSTORABLE.test(k)) return { field: path || '(body)', problem: 'a key holds NUL characters or unpaired UTF-16 surrogates' };
      stack.push({ v: child, path: childPath, depth: depth + 1 });
    }
  }
  return undefined;
}

/** Parses a plain input object with a zod schema; failures become 422 with per-field details. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const shape = inputShapeProblem(input);
  if (shape) throw new DomainError('validation_failed', 'Validation failed', [shape]);
  const r = schema.safeParse(input);
  if (r.success) return r.data;
  throw new DomainError('validation_failed', 'Validation failed', zodProblems(r.error));
}

export function zodProblems(err: z.ZodError): FieldProblem[] {
  // Messages are zod's own or ours; none of them echo the submitted value.
  return err.issues.map((i) => ({ field: i.path.join('.') || '(body)', problem: i.message }));
}

export const isoDate = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);

import { z } from 'zod';
import { DomainError, FieldProblem } from '../errors';

/** Parses a plain input object with a zod schema; failures become 422 with per-field details. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const r = schema.safeParse(input);
  if (r.success) return r.data;
  throw new DomainError('validation_failed', 'Validation failed', zodProblems(r.error));
}

export function zodProblems(err: z.ZodError): FieldProblem[] {
  // Messages are zod's own or ours; none of them echo the submitted value.
  return err.issues.map((i) => ({ field: i.path.join('.') || '(body)', problem: i.message }));
}

export const isoDate = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);

import { Column, ColumnOptions, ValueTransformer } from 'typeorm';

/**
 * Times are stored as epoch milliseconds in a BIGINT on every engine: range filters and
 * per-day grouping (floor(ms / 86400000)) are then the same SQL on SQLite and MySQL.
 */
const epochMs: ValueTransformer = {
  to: (v?: Date | null) => (v == null ? v : v.getTime()),
  from: (v?: string | number | null) => (v == null ? null : new Date(Number(v))),
};

export function TimeColumn(options: Omit<ColumnOptions, 'type' | 'transformer'> = {}): PropertyDecorator {
  return Column({ type: 'bigint', transformer: epochMs, ...options });
}

/** JSON kept as text on both engines. */
export function JsonColumn(options: Omit<ColumnOptions, 'type'> = {}): PropertyDecorator {
  return Column({ type: 'simple-json', ...options });
}

/** Large text; the migrations create it as LONGTEXT on MySQL (TEXT holds only 64 KiB there). */
export function LargeTextColumn(options: Omit<ColumnOptions, 'type'> = {}): PropertyDecorator {
  return Column({ type: 'text', ...options });
}

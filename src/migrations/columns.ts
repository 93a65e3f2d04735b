import type { QueryRunner, TableColumnOptions } from 'typeorm';

/** Column builders shared by the hand-written migrations, so both engines get the same types. */
export const id = (name = 'id'): TableColumnOptions => ({ name, type: 'varchar', length: '40', isPrimary: name === 'id' });
export const ref = (name: string, nullable = false): TableColumnOptions => ({ name, type: 'varchar', length: '40', isNullable: nullable });
export const str = (name: string, length: number, nullable = false): TableColumnOptions => ({
  name,
  type: 'varchar',
  length: String(length),
  isNullable: nullable,
});
export const time = (name: string, nullable = false): TableColumnOptions => ({ name, type: 'bigint', isNullable: nullable });
export const text = (name: string, nullable = false): TableColumnOptions => ({ name, type: 'text', isNullable: nullable });

/** Large text: LONGTEXT on MySQL (TEXT stops at 64 KiB there), TEXT on SQLite. */
export function largeText(queryRunner: QueryRunner, name: string, nullable = false): TableColumnOptions {
  const mysql = queryRunner.connection.driver.options.type === 'mysql';
  return { name, type: mysql ? 'longtext' : 'text', isNullable: nullable };
}

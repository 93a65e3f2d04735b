/**
 * Driver error classification for both engines (TypeORM wraps driver errors in QueryFailedError
 * with the driver's own error in `driverError`). Only codes are read: messages can quote values.
 */
function driverCode(err: unknown): string | undefined {
  const e = err as { code?: unknown; driverError?: { code?: unknown } } | undefined;
  const code = e?.driverError?.code ?? e?.code;
  return typeof code === 'string' ? code : undefined;
}

/** A UNIQUE or PRIMARY KEY constraint refused the write (MySQL ER_DUP_ENTRY, SQLite CONSTRAINT_UNIQUE). */
export function isUniqueViolation(err: unknown): boolean {
  const code = driverCode(err);
  return code === 'ER_DUP_ENTRY' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** The transaction lost a lock race and may simply be run again (MySQL deadlock victim, lock wait time-out, SQLite busy). */
export function isTransientLockError(err: unknown): boolean {
  const code = driverCode(err);
  return code === 'ER_LOCK_DEADLOCK' || code === 'ER_LOCK_WAIT_TIMEOUT' || code === 'SQLITE_BUSY';
}

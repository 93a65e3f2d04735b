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

const OPEN_FAILURES: Record<string, string> = {
  ECONNREFUSED: 'unreachable (connection refused)',
  ENOTFOUND: 'unreachable (host name not found)',
  EAI_AGAIN: 'unreachable (host name lookup failed)',
  ETIMEDOUT: 'unreachable (connection timed out)',
  EHOSTUNREACH: 'unreachable (no route to host)',
  ECONNRESET: 'unreachable (connection reset)',
  PROTOCOL_CONNECTION_LOST: 'unreachable (connection lost)',
  ER_ACCESS_DENIED_ERROR: 'access denied (wrong user name or password)',
  ER_ACCESS_DENIED_NO_PASSWORD_ERROR: 'access denied (wrong user name or password)',
  ER_DBACCESS_DENIED_ERROR: 'access denied to this database for this user',
  ER_BAD_DB_ERROR: 'unknown database (create it first)',
  ER_HOST_NOT_PRIVILEGED: 'this host may not connect to the server',
  SQLITE_CANTOPEN: 'the file cannot be opened',
  SQLITE_READONLY: 'the file is read-only',
  SQLITE_NOTADB: 'the file is not an SQLite database',
  SQLITE_CORRUPT: 'the file is corrupt',
  EACCES: 'permission denied',
};

/**
 * The start-up line for a database that would not open: which database (host, port, name, user;
 * never the password) and why, from the driver's code only (driver messages can quote values).
 */
export function describeOpenFailure(err: unknown, where: { databaseUrl?: string; sqliteFile: string }): string {
  const code = driverCode(err);
  const reason = (code && OPEN_FAILURES[code]) ?? `failed${code ? ` (${code})` : ''}`;
  if (!where.databaseUrl) return `cannot open the SQLite database ${where.sqliteFile}: ${reason}`;
  const u = new URL(where.databaseUrl);
  const db = decodeURIComponent(u.pathname.replace(/^\//, '')) || '(none)';
  const user = decodeURIComponent(u.username) || '(none)';
  return `cannot open the database ${db} on ${u.hostname}:${u.port || 3306} as user ${user} (DATABASE_URL): ${reason}`;
}

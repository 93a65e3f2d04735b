import pino, { Logger } from 'pino';

/**
 * Structured JSON logs. Callers log ids and counts only; the redaction list is a second line of
 * defence for fields that must never appear (credentials, content, detected values).
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'preflight' },
      redact: {
        paths: [
          'authorization', '*.authorization', 'headers.authorization', '*.headers.authorization',
          'x-service-api-key', '*["x-service-api-key"]', 'headers["x-service-api-key"]',
          'api_key', '*.api_key', 'key', '*.key', 'license_key', '*.license_key',
          'auth_header_value', '*.auth_header_value', 'text', '*.text', 'content', '*.content',
          'masked_content', '*.masked_content', 'value', '*.value', 'token', '*.token',
        ],
        censor: '[redacted]',
      },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination,
  );
}

/**
 * What may be logged of an unexpected error: its class and stack frames, never its message,
 * which for parser or driver errors can quote the submitted content.
 */
export function safeErrorFields(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { err_type: typeof err };
  const frames = (err.stack ?? '').split('\n').slice(1, 8).map((l) => l.trim());
  return { err_name: err.name, err_code: (err as { code?: unknown }).code, err_frames: frames };
}

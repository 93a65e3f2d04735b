import type { IncomingMessage } from 'node:http';
import type { CheckMeta } from '../services/preflight/preflight.service';

/** A header's value (the first, if sent more than once). */
function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/** Where a check came from: the source/actor header fallbacks. Used by REST and GraphQL alike. */
export function checkMeta(req: IncomingMessage): CheckMeta {
  return { sourceHeader: header(req, 'x-service-source'), actorHeader: header(req, 'x-service-actor') };
}

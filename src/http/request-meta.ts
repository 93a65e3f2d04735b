import type { Request } from 'express';
import type { CheckMeta } from '../services/preflight/preflight.service';

/** Where a check came from: the source/actor header fallbacks. Used by REST and GraphQL alike. */
export function checkMeta(req: Request): CheckMeta {
  return {
    // Never the request's Host header (anyone can send one): masked_file_url is absolute on
    // PREFLIGHT_PUBLIC_URL when set, else relative to the URL the client called (README, Operations).
    baseUrl: '',
    sourceHeader: req.get('x-service-source') ?? undefined,
    actorHeader: req.get('x-service-actor') ?? undefined,
  };
}

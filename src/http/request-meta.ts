import type { Request } from 'express';
import type { CheckMeta } from '../services/preflight/preflight.service';

/** Where a check came from: the source/actor header fallbacks. Used by REST and GraphQL alike. */
export function checkMeta(req: Request): CheckMeta {
  return {
    sourceHeader: req.get('x-service-source') ?? undefined,
    actorHeader: req.get('x-service-actor') ?? undefined,
  };
}

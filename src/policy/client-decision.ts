import type { Decision, Destination } from './types';

/**
 * A decision a client library made on its own (local pass, fallback), as sent to
 * POST /api/preflight/events: counts only, never content, samples or free text. Pure, so the
 * service (which validates it) and the client library (which builds it) share one declaration.
 */
export interface ClientDecision {
  preflight_id: string;
  created_at: string;
  decision: Decision;
  destination: Destination;
  policy_version: string;
  finding_counts_by_type: Record<string, number>;
  input_type: 'text' | 'file';
  input_size_bytes: number;
  source_type: ClientSourceType;
  actor_id?: string;
}

export const CLIENT_SOURCE_TYPES = ['sdk', 'browser_extension', 'desktop_agent'] as const;
export type ClientSourceType = (typeof CLIENT_SOURCE_TYPES)[number];

/** Largest batch of client decisions one request may carry. */
export const MAX_CLIENT_DECISIONS = 500;
/** Client-generated ids: they become the record's id (40 characters at most). */
export const CLIENT_ID_RE = /^[A-Za-z0-9_-]{8,40}$/;
/** Identifiers only (actor ids, versions): no spaces, so no free text fits. */
export const IDENT_RE = /^[A-Za-z0-9._:@+-]+$/;
export const FINDING_TYPE_RE = /^[A-Z][A-Z0-9_]{0,63}$/;

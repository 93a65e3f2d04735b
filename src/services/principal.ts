import { forbidden } from '../errors';

/** Who is calling: resolved once per request from its credential. */
export type Principal =
  | { kind: 'operator' }
  | { kind: 'org'; orgId: string; keyId: string }
  | { kind: 'policy'; orgId: string; policyId: string }
  | { kind: 'license'; orgId: string; licenseId: string };

export function requireOperator(p: Principal): void {
  if (p.kind !== 'operator') throw forbidden('This operation needs the operator key');
}


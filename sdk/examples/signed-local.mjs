// Local mode with the organization's own policy: fetch the signed bundle once (a browser extension
// does this at install or on a schedule), then decide offline. The bundle is verified against the
// pinned public key and refused when tampered with or expired.
// Run: PREFLIGHT_LICENSE_KEY=pfl_... node sdk/examples/signed-local.mjs
import { Preflight } from '@preflight/sdk';

const base = process.env.PREFLIGHT_URL ?? 'http://127.0.0.1:4000';
const validation = await (await fetch(`${base}/v1/license/validate`, {
  method: 'POST',
  headers: { authorization: `Bearer ${process.env.PREFLIGHT_LICENSE_KEY}` },
})).json();
const jwks = await (await fetch(`${base}/.well-known/jwks.json`)).json();

const pf = new Preflight({ mode: 'local', policy: validation.policy_bundle, publicKey: jwks.keys[0] });
const r = await pf.checkText('Summarise the ticket from jane.doe@northwind-mail.com', { destination: 'AI_TOOL' });
console.log(r.decision, r.mode_used, r.policy_id);
// -> ALLOWED_WITH_MASKING local pol_...

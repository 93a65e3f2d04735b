// cloud_with_fallback (what `auto` picks with an API key): cloud while the service answers; when it
// cannot be reached, times out or answers 5xx, the same call is decided locally with the last
// verified signed policy (fetched with the license key) and sent to the service once it is back.
// Run: PREFLIGHT_API_KEY=pfp_... PREFLIGHT_LICENSE_KEY=pfl_... node sdk/examples/fallback.mjs
import { Preflight } from '@preflight/sdk';

const pf = new Preflight({
  apiKey: process.env.PREFLIGHT_API_KEY,
  licenseKey: process.env.PREFLIGHT_LICENSE_KEY,
  baseUrl: process.env.PREFLIGHT_URL ?? 'http://127.0.0.1:4000',
});
console.log(pf.mode);
// -> cloud_with_fallback

await pf.refreshPolicy(); // optional: fetch and verify the signed policy now rather than on first use
const r = await pf.checkText('Card 4111 1111 1111 1111 for jane.doe@northwind-mail.com', { destination: 'AI_TOOL' });
console.log(r.decision, r.mode_used, r.degraded);
// -> ALLOWED_WITH_MASKING cloud false   (local true while the service is away)

await pf.flush(); // sends decisions made while the service was away; resolves when done
console.log(pf.queuedDecisions, pf.droppedDecisions);
// -> 0 0

// Cloud mode: the service decides (adds names, addresses, health context) and records the check.
// Run: PREFLIGHT_API_KEY=pfp_... node sdk/examples/cloud.mjs
import { Preflight, PreflightError } from '@preflight/sdk';

const pf = new Preflight({
  mode: 'cloud',
  apiKey: process.env.PREFLIGHT_API_KEY,
  baseUrl: process.env.PREFLIGHT_URL ?? 'http://127.0.0.1:4000',
  timeoutMs: 5000,
  maxRetries: 2,
});

try {
  const r = await pf.checkText('Summarise the ticket from jane.doe@northwind-mail.com', { destination: 'AI_TOOL', actorId: 'alice' });
  console.log(r.decision, r.mode_used, r.masked_content, r.preflight_id);
  // -> ALLOWED_WITH_MASKING cloud Summarise the ticket from [EMAIL_1] pf_...

  const f = await pf.checkFile(new Blob(['name,email\nJane,jane.doe@northwind-mail.com\n']), { filename: 'contacts.csv', destination: 'AI_TOOL' });
  console.log(f.decision, f.masked_file_url !== null);
  // -> ALLOWED_WITH_MASKING true
} catch (e) {
  if (e instanceof PreflightError) console.error(e.name, e.status, e.code, e.message);
  else throw e;
}

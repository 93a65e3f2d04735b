// Reversible masking: send the masked text to a model, put the values back into its reply.
// Works the same in every mode. Run: node sdk/examples/protect.mjs
import { Preflight, PreflightBlockedError } from '@preflight/sdk';

const pf = new Preflight({
  policy: { rules: [
    { name: 'Block secrets', dataTypes: ['SECRETS'], destinations: ['AI_TOOL'], action: 'BLOCK' },
    { name: 'Mask personal data', dataTypes: ['PII'], destinations: ['AI_TOOL'], action: 'MASK' },
  ] },
});

const p = await pf.protect('Draft a reply to jane.doe@northwind-mail.com', { destination: 'AI_TOOL' });
console.log(p.masked_content);
// -> Draft a reply to [EMAIL_1]
console.log(p.restore('Sure: "Dear [EMAIL_1], thanks for your message."'));
// -> Sure: "Dear jane.doe@northwind-mail.com, thanks for your message."

async function* streamedReply() { yield 'Dear [EMA'; yield 'IL_1], thanks'; }
let streamed = '';
for await (const chunk of p.restoreStream(streamedReply())) streamed += chunk;
console.log(streamed);
// -> Dear jane.doe@northwind-mail.com, thanks

const g = await pf.guardMessages(
  [{ role: 'system', content: 'You are helpful.' }, { role: 'user', content: 'Email omar.haddad@contoso-health.org' }],
  { destination: 'AI_TOOL' },
);
console.log(g.messages[1].content);
// -> Email [EMAIL_1]

try {
  await pf.protect('deploy with ghp_' + 'x7Kq2LmN9pR4sT6vW8yZ1aB3cD5eF7gH9iJ0', { destination: 'AI_TOOL' });
} catch (e) {
  if (e instanceof PreflightBlockedError) console.log(e.name, e.result.decision);
  // -> PreflightBlockedError BLOCKED
}

// Local mode: decided in this process, no network call. Run: node sdk/examples/local.mjs
import { Preflight } from '@preflight/sdk';

const pf = new Preflight({
  mode: 'local',
  policy: {
    version: 1,
    rules: [
      { name: 'Block secrets', dataTypes: ['SECRETS'], destinations: ['AI_TOOL', 'VENDOR', 'CUSTOMER'], action: 'BLOCK' },
      { name: 'Mask personal data', dataTypes: ['PII', 'FINANCIAL'], destinations: ['AI_TOOL'], action: 'MASK' },
    ],
  },
});

const r = await pf.checkText('Summarise the ticket from jane.doe@northwind-mail.com', { destination: 'AI_TOOL' });
console.log(r.decision, r.mode_used, r.masked_content);
// -> ALLOWED_WITH_MASKING local Summarise the ticket from [EMAIL_1]

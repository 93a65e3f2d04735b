import type { Services } from '../../services';
import { createPolicySchema, updatePolicySchema } from '../../services/policy.service';
import type { RouteDef } from '../route';
import { z } from '../../lib/zod-openapi';
import { policySchema, regeneratedKeySchema, tryResultSchema } from '../../services/views';

const BASE = '/api/orgs/{org}/policies';

/** Policies (docs/api-contract.md#rest-paths). */
export function policyRoutes(s: Services): RouteDef[] {
  return [
    {
      method: 'get', paths: [BASE], tag: 'Policies', auth: 'bearer', status: 200,
      summary: "List an organization's policies", response: z.array(policySchema),
      handle: async ({ principal, params }) => (await s.policies.list(principal, params.org, 'all')).items,
    },
    {
      method: 'post', paths: [BASE], tag: 'Policies', auth: 'bearer', status: 201,
      summary: 'Create a policy (its API key is shown in full only in this response)',
      body: createPolicySchema, response: policySchema,
      handle: ({ principal, params, body }) => s.policies.create(principal, params.org, body),
    },
    {
      method: 'get', paths: [`${BASE}/{policy_id}`], tag: 'Policies', auth: 'bearer', status: 200,
      summary: 'Get a policy', response: policySchema,
      handle: ({ principal, params }) => s.policies.get(principal, params.org, params.policy_id),
    },
    {
      method: 'patch', paths: [`${BASE}/{policy_id}`], tag: 'Policies', auth: 'bearer', status: 200,
      summary: 'Update a policy (partial); changing rules or custom patterns raises its version',
      body: updatePolicySchema, response: policySchema,
      handle: ({ principal, params, body }) => s.policies.update(principal, params.org, params.policy_id, body),
    },
    {
      method: 'delete', paths: [`${BASE}/{policy_id}`], tag: 'Policies', auth: 'bearer', status: 204,
      summary: 'Delete a policy',
      handle: ({ principal, params }) => s.policies.remove(principal, params.org, params.policy_id),
    },
    {
      method: 'post', paths: [`${BASE}/{policy_id}/regenerate-key`], tag: 'Policies', auth: 'bearer', status: 200,
      summary: 'Regenerate the policy API key (the old key stops working)', response: regeneratedKeySchema,
      handle: ({ principal, params }) => s.policies.regenerateKey(principal, params.org, params.policy_id),
    },
    {
      method: 'post', paths: [`${BASE}/{policy_id}/try`], tag: 'Policies', auth: 'bearer', status: 200,
      summary: 'Run text through the policy without recording a check (no audit record, allowance or forwarding)',
      body: z.object({
        text: z.string(),
        destination: z.enum(['AI_TOOL', 'VENDOR', 'CUSTOMER']),
        destination_region: z.enum(['EU', 'US', 'APAC', 'OTHER']).optional(),
        destination_scc_verified: z.boolean().optional(),
      }),
      response: tryResultSchema,
      handle: ({ principal, params, body }) => s.preflight.tryText(principal, params.org, params.policy_id, body),
    },
  ];
}

import { z } from 'zod';

export const DESTINATIONS = ['AI_TOOL', 'VENDOR', 'CUSTOMER'] as const;
export type Destination = (typeof DESTINATIONS)[number];

export const RULE_DATA_TYPES = ['PII', 'PHI', 'FINANCIAL', 'SECRETS', 'IDENTIFIERS', 'EU_DATA', 'CUSTOM', 'ALL'] as const;
export type RuleDataType = (typeof RULE_DATA_TYPES)[number];
/** What a check scanned: submitted text or an uploaded file. */
export const INPUT_TYPES = ['text', 'file'] as const;
export type InputType = (typeof INPUT_TYPES)[number];
export const ACTIONS = ['BLOCK', 'MASK', 'ALLOW'] as const;
export type Action = (typeof ACTIONS)[number];
export const CONDITIONS = ['non_eu_destination', 'scc_verified'] as const;
export const REGIONS = ['EU', 'US', 'APAC', 'OTHER'] as const;
export type Region = (typeof REGIONS)[number];

export const DECISIONS = ['ALLOWED', 'ALLOWED_WITH_MASKING', 'BLOCKED'] as const;
export type Decision = (typeof DECISIONS)[number];

const condition = z
  .string()
  .refine((c) => (CONDITIONS as readonly string[]).includes(c.replace(/^!/, '')), {
    message: `must be one of ${CONDITIONS.join(', ')}, optionally negated with a leading !`,
  });

/** A rule as submitted (id optional: the service assigns one). */
export const ruleInputSchema = z.object({
  id: z.string().min(1).max(64).optional(),
  name: z.string().trim().min(1).max(200),
  description: z.string().max(2000).optional(),
  enabled: z.boolean().default(true),
  dataTypes: z.array(z.enum(RULE_DATA_TYPES)).min(1),
  destinations: z.array(z.enum(DESTINATIONS)).min(1),
  action: z.enum(ACTIONS),
  conditions: z.array(condition).default([]),
});

export type RuleInput = z.input<typeof ruleInputSchema>;

export interface Rule {
  id: string;
  name: string;
  description?: string;
  enabled: boolean;
  dataTypes: RuleDataType[];
  destinations: Destination[];
  action: Action;
  conditions: string[];
}

/** A customer's own pattern: a linear-time (RE2) regular expression or a keyword list. */
export const customPatternSchema = z
  .object({
    name: z
      .string()
      .regex(/^[A-Za-z][A-Za-z0-9 _-]{0,62}$/, 'letters, digits, space, - and _; starting with a letter'),
    data_type: z.literal('CUSTOM').default('CUSTOM'),
    regex: z.string().min(1).max(1000).optional(),
    keywords: z.array(z.string().trim().min(1).max(200)).min(1).max(1000).optional(),
  })
  .refine((p) => (p.regex === undefined) !== (p.keywords === undefined), {
    message: 'give exactly one of regex or keywords',
  });

export type CustomPatternDef = z.output<typeof customPatternSchema>;

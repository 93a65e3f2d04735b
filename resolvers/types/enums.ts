import { registerEnumType } from 'type-graphql';
import { FINDING_LABELS } from '../../src/detection/labels';
import { ACTIONS, DECISIONS, DESTINATIONS, REGIONS, RULE_DATA_TYPES } from '../../src/policy/types';
import { SOURCE_TYPES } from '../../src/services/preflight/preflight.service';
import { DELIVERY_STATES } from '../../src/services/forwarding/delivery-state';
import { PERIOD_DAYS } from '../../src/services/analytics.service';
import type { DestinationStatus as DestinationStatusValue } from '../../src/services/forwarding/views';

/**
 * A GraphQL enum whose values are the service values, each with its description. The record is
 * typed by the service's constant, so a value added there without a description here fails to
 * compile. Each value is named as the REST API spells it (`ALLOWED`, `queued`, `active`), so both
 * APIs carry the same values; `nameOf` renames values that are not GraphQL names (`7d`).
 * type-graphql maps a name to its service value both ways.
 */
function defineEnum<T extends string>(
  name: string,
  description: string,
  values: Record<T, string>,
  nameOf: (value: T) => string = (v) => v,
): Record<string, T> {
  const entries = (Object.keys(values) as T[]).map((v) => [nameOf(v), v] as const);
  const enumObj = Object.fromEntries(entries) as Record<string, T>;
  registerEnumType(enumObj, {
    name,
    description,
    valuesConfig: Object.fromEntries(entries.map(([n, v]) => [n, { description: values[v] }])),
  });
  return enumObj;
}

type Described<C extends readonly string[]> = Record<C[number], string>;

export const Decision = defineEnum('Decision', 'What the caller may do with the content', {
  ALLOWED: 'Send it as it is',
  ALLOWED_WITH_MASKING: 'Send the masked content instead',
  BLOCKED: 'Do not send it',
} satisfies Described<typeof DECISIONS>);

export const Destination = defineEnum('Destination', 'Where content is going', {
  AI_TOOL: 'An AI assistant or model API',
  VENDOR: 'A supplier or service provider',
  CUSTOMER: 'A customer',
} satisfies Described<typeof DESTINATIONS>);

export const Action = defineEnum('Action', 'What a rule does with matching findings', {
  BLOCK: 'Block the content',
  MASK: 'Replace the findings by placeholders',
  ALLOW: 'Let the findings through',
} satisfies Described<typeof ACTIONS>);

export const DataType = defineEnum('DataType', 'Families of sensitive data a rule selects', {
  PII: 'Personal data: names, contact details, identity numbers',
  PHI: 'Health information',
  FINANCIAL: 'Payment cards, bank accounts and codes',
  SECRETS: 'Credentials: keys, tokens, passwords',
  IDENTIFIERS: 'Names of accounts and cloud resources (storage buckets, shop and project hosts, public keys, user names in settings): not secret alone',
  EU_DATA: 'EU national identifiers, and personal data of EU-region organizations',
  CUSTOM: "The organization's custom patterns",
  ALL: 'Every data type',
} satisfies Described<typeof RULE_DATA_TYPES>);

export const Region = defineEnum('Region', 'Where the receiver of content is located', {
  EU: 'The European Union (with data_region EU, any other region meets non_eu_destination)', US: 'The United States', APAC: 'Asia and the Pacific', OTHER: 'Anywhere else',
} satisfies Described<typeof REGIONS>);

export const AnalyticsPeriod = defineEnum(
  'AnalyticsPeriod',
  'An analytics window: whole UTC days ending today',
  Object.fromEntries(Object.entries(PERIOD_DAYS).map(([v, days]) => [v, `The last ${days} days (${v} in REST)`])) as Record<keyof typeof PERIOD_DAYS, string>,
  (v) => `LAST_${PERIOD_DAYS[v]}_DAYS`,
);

export const DeliveryState = defineEnum('DeliveryState', 'Where a delivery stands', {
  queued: 'Waiting for its first attempt',
  retrying: 'Failed at least once; will be tried again',
  delivered: 'Accepted by the destination (2xx)',
  failed: 'Dead-lettered after the last attempt; can be redelivered',
} satisfies Described<typeof DELIVERY_STATES>);

export const DestinationStatus = defineEnum('DestinationStatus', 'Health of a forwarding destination at a glance', {
  Active: 'Its latest delivery succeeded within the last day',
  Idle: 'Nothing delivered within the last day',
  Failing: 'Its latest delivery has not succeeded',
  Disabled: 'Switched off: nothing is forwarded to it',
} satisfies Record<DestinationStatusValue, string>);

export const SourceType = defineEnum('SourceType', 'What sent a check', {
  api: 'A direct API call',
  sdk: 'The client library',
  browser_extension: 'The browser extension',
  desktop_agent: 'The desktop agent',
} satisfies Described<typeof SOURCE_TYPES>);

export const InputKind = defineEnum('InputKind', 'What was checked', { text: 'Text', file: 'An uploaded file' });

export const LicenseStatus = defineEnum('LicenseStatus', 'State of a license', {
  active: 'Valid until it expires',
  expired: 'Past its expiry',
  revoked: 'Revoked by the operator',
});

/** Built-in finding types, each described by its label from the one catalogue. */
export const FindingType = defineEnum(
  'FindingType',
  'Built-in finding types, each with its human label. Findings of custom patterns carry the pattern name in UPPER_SNAKE instead, so finding-type fields are strings.',
  FINDING_LABELS,
);

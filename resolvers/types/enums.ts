import { registerEnumType } from 'type-graphql';
import { FINDING_LABELS } from '../../src/detection/labels';
import { ACTIONS, DECISIONS, DESTINATIONS, RULE_DATA_TYPES } from '../../src/policy/types';
import { SOURCE_TYPES } from '../../src/services/preflight/preflight.service';
import { DELIVERY_STATES } from '../../src/services/forwarding/delivery-state';
import { PERIOD_DAYS } from '../../src/services/analytics.service';

/**
 * GraphQL enums, built from the same constants the services validate against. Each value is
 * named as the REST API spells it (`ALLOWED`, `queued`, `active`), so both APIs carry the same
 * values; only analytics periods (`7d` is not a GraphQL name) are renamed, `LAST_7_DAYS`.
 * type-graphql maps a name to its service value both ways.
 */
function enumOf<T extends string>(values: readonly T[], name = (v: string) => v): Record<string, T> {
  return Object.fromEntries(values.map((v) => [name(v), v])) as Record<string, T>;
}

export const Decision = enumOf(DECISIONS);
registerEnumType(Decision, {
  name: 'Decision',
  description: 'What the caller may do with the content',
  valuesConfig: {
    ALLOWED: { description: 'Send it as it is' },
    ALLOWED_WITH_MASKING: { description: 'Send the masked content instead' },
    BLOCKED: { description: 'Do not send it' },
  },
});

export const Destination = enumOf(DESTINATIONS);
registerEnumType(Destination, {
  name: 'Destination',
  description: 'Where content is going',
  valuesConfig: {
    AI_TOOL: { description: 'An AI assistant or model API' },
    VENDOR: { description: 'A supplier or service provider' },
    CUSTOMER: { description: 'A customer' },
  },
});

export const Action = enumOf(ACTIONS);
registerEnumType(Action, {
  name: 'Action',
  description: 'What a rule does with matching findings',
  valuesConfig: {
    BLOCK: { description: 'Block the content' },
    MASK: { description: 'Replace the findings by placeholders' },
    ALLOW: { description: 'Let the findings through' },
  },
});

export const DataType = enumOf(RULE_DATA_TYPES);
registerEnumType(DataType, {
  name: 'DataType',
  description: 'Families of sensitive data a rule selects',
  valuesConfig: {
    PII: { description: 'Personal data: names, contact details, identity numbers' },
    PHI: { description: 'Health information' },
    FINANCIAL: { description: 'Payment cards, bank accounts and codes' },
    SECRETS: { description: 'Credentials: keys, tokens, passwords' },
    EU_DATA: { description: 'EU national identifiers, and personal data of EU-region organizations' },
    CUSTOM: { description: "The organization's custom patterns" },
    ALL: { description: 'Every data type' },
  },
});

export const AnalyticsPeriod = enumOf(Object.keys(PERIOD_DAYS) as (keyof typeof PERIOD_DAYS)[], (v) => `LAST_${v.replace('d', '')}_DAYS`);
registerEnumType(AnalyticsPeriod, {
  name: 'AnalyticsPeriod',
  description: 'An analytics window: whole UTC days ending today',
  valuesConfig: Object.fromEntries(
    Object.entries(PERIOD_DAYS).map(([v, days]) => [`LAST_${days}_DAYS`, { description: `The last ${days} days (${v})` }]),
  ),
});

export const DeliveryState = enumOf(DELIVERY_STATES);
registerEnumType(DeliveryState, {
  name: 'DeliveryState',
  description: 'Where a delivery stands',
  valuesConfig: {
    queued: { description: 'Waiting for its first attempt' },
    retrying: { description: 'Failed at least once; will be tried again' },
    delivered: { description: 'Accepted by the destination (2xx)' },
    failed: { description: 'Dead-lettered after the last attempt; can be redelivered' },
  },
});

export const DestinationStatus = enumOf(['Active', 'Idle', 'Failing', 'Disabled'] as const);
registerEnumType(DestinationStatus, {
  name: 'DestinationStatus',
  description: 'Health of a forwarding destination at a glance',
  valuesConfig: {
    Active: { description: 'Its latest delivery succeeded within the last day' },
    Idle: { description: 'Nothing delivered within the last day' },
    Failing: { description: 'Its latest delivery has not succeeded' },
    Disabled: { description: 'Switched off: nothing is forwarded to it' },
  },
});

export const SourceType = enumOf(SOURCE_TYPES);
registerEnumType(SourceType, {
  name: 'SourceType',
  description: 'What sent a check',
  valuesConfig: {
    api: { description: 'A direct API call' },
    sdk: { description: 'The client library' },
    browser_extension: { description: 'The browser extension' },
    desktop_agent: { description: 'The desktop agent' },
  },
});

export const InputKind = enumOf(['text', 'file'] as const);
registerEnumType(InputKind, {
  name: 'InputKind',
  description: 'What was checked',
  valuesConfig: { text: { description: 'Text' }, file: { description: 'An uploaded file' } },
});

export const LicenseStatus = enumOf(['active', 'expired', 'revoked'] as const);
registerEnumType(LicenseStatus, {
  name: 'LicenseStatus',
  description: 'State of a license',
  valuesConfig: {
    active: { description: 'Valid until it expires' },
    expired: { description: 'Past its expiry' },
    revoked: { description: 'Revoked by the operator' },
  },
});

/** Built-in finding types, each described by its label from the one catalogue. */
export const FindingType = enumOf(Object.keys(FINDING_LABELS));
registerEnumType(FindingType, {
  name: 'FindingType',
  description: 'Built-in finding types, each with its human label. Findings of custom patterns carry the pattern name in UPPER_SNAKE instead, so finding-type fields are strings.',
  valuesConfig: Object.fromEntries(Object.entries(FINDING_LABELS).map(([t, label]) => [t, { description: label }])),
});

import { useState } from 'react';
import {
  ActionIcon, Alert, Button, Card, Group, MultiSelect, Select, Stack, Switch, TagsInput, Text, Textarea, TextInput, Title,
} from '@mantine/core';
import { useMutation } from 'urql';
import type { Action, DataType, Destination, PolicyFieldsFragment } from '../gql/graphql';
import { errorMessage, fieldProblems } from '../lib/client';
import { CreatePolicyMutation, UpdatePolicyMutation } from './documents';

type Rule = Omit<PolicyFieldsFragment['rules'][number], 'id'> & { id?: string };
interface Pattern {
  name: string;
  kind: 'regex' | 'keywords';
  regex: string;
  keywords: string[];
}

const DATA_TYPES: DataType[] = ['PII', 'PHI', 'FINANCIAL', 'SECRETS', 'EU_DATA', 'CUSTOM', 'ALL'];
const DESTINATIONS: Destination[] = ['AI_TOOL', 'VENDOR', 'CUSTOMER'];
const ACTIONS: Action[] = ['BLOCK', 'MASK', 'ALLOW'];
const CONDITIONS = ['non_eu_destination', '!non_eu_destination', 'scc_verified', '!scc_verified'];

const newRule = (): Rule => ({ name: 'New rule', enabled: true, dataTypes: ['PII'], destinations: ['AI_TOOL'], action: 'MASK', conditions: [] });

/** Create or edit a policy; the service validates, its field problems are shown beside the fields. */
export function PolicyEditor({ org, policy, onDone }: { org: string; policy: PolicyFieldsFragment | null; onDone: (created?: PolicyFieldsFragment) => void }) {
  const [name, setName] = useState(policy?.name ?? '');
  const [description, setDescription] = useState(policy?.description ?? '');
  const [active, setActive] = useState(policy?.is_active ?? true);
  const [rules, setRules] = useState<Rule[]>(policy?.rules.map((r) => ({ ...r })) ?? [newRule()]);
  const [patterns, setPatterns] = useState<Pattern[]>(
    policy?.custom_patterns.map((p) => ({ name: p.name, kind: p.regex ? 'regex' : 'keywords', regex: p.regex ?? '', keywords: p.keywords ?? [] })) ?? [],
  );
  const [created, create] = useMutation(CreatePolicyMutation);
  const [updated, update] = useMutation(UpdatePolicyMutation);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const busy = created.fetching || updated.fetching;

  const setRule = (i: number, patch: Partial<Rule>) => setRules(rules.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const move = (i: number, d: number) => {
    const next = [...rules];
    [next[i], next[i + d]] = [next[i + d], next[i]];
    setRules(next);
  };
  const setPattern = (i: number, patch: Partial<Pattern>) => setPatterns(patterns.map((p, j) => (j === i ? { ...p, ...patch } : p)));

  const save = async () => {
    const input = {
      name,
      description,
      is_active: active,
      rules: rules.map((r) => ({ id: r.id, name: r.name, enabled: r.enabled, dataTypes: r.dataTypes, destinations: r.destinations, action: r.action, conditions: r.conditions })),
      custom_patterns: patterns.map((p) => ({ name: p.name, data_type: 'CUSTOM', ...(p.kind === 'regex' ? { regex: p.regex } : { keywords: p.keywords }) })),
    };
    const res = policy ? await update({ org, policy_id: policy.policy_id, input }) : await create({ org, input });
    if (res.error) {
      setProblems(fieldProblems(res.error));
      setError(errorMessage(res.error));
      return;
    }
    onDone(res.data && 'createPolicy' in res.data ? res.data.createPolicy : undefined);
  };
  const p = (field: string) => problems[field];

  return (
    <Card withBorder>
      <Stack>
        <Title order={3} size="h4">{policy ? `Edit ${policy.name} (version ${policy.version})` : 'New policy'}</Title>
        <Group grow align="flex-start">
          <TextInput label="Name" value={name} onChange={(e) => setName(e.currentTarget.value)} error={p('name')} required />
          <Switch label="Active" checked={active} onChange={(e) => setActive(e.currentTarget.checked)} mt="xl" />
        </Group>
        <Textarea label="Description" value={description} onChange={(e) => setDescription(e.currentTarget.value)} autosize minRows={1} error={p('description')} />

        <Title order={4} size="h5">Rules (first match wins, in this order)</Title>
        {rules.map((r, i) => (
          <Card key={i} withBorder padding="sm" aria-label={`Rule ${i + 1}`} component="fieldset" style={{ margin: 0 }}>
            <Stack gap="xs">
              <Group align="flex-end" wrap="wrap">
                <TextInput label={`Rule ${i + 1} name`} value={r.name} onChange={(e) => setRule(i, { name: e.currentTarget.value })} error={p(`rules.${i}.name`)} />
                <Select label="Action" data={ACTIONS} value={r.action} onChange={(v) => v && setRule(i, { action: v as Action })} w={120} error={p(`rules.${i}.action`)} />
                <Switch label="Enabled" checked={r.enabled} onChange={(e) => setRule(i, { enabled: e.currentTarget.checked })} mb={6} />
                <Group gap={4} mb={2}>
                  <ActionIcon variant="default" aria-label={`Move rule ${i + 1} up`} disabled={i === 0} onClick={() => move(i, -1)}>↑</ActionIcon>
                  <ActionIcon variant="default" aria-label={`Move rule ${i + 1} down`} disabled={i === rules.length - 1} onClick={() => move(i, 1)}>↓</ActionIcon>
                  <Button variant="subtle" color="red" size="xs" onClick={() => setRules(rules.filter((_, j) => j !== i))}>Remove</Button>
                </Group>
              </Group>
              <Group grow align="flex-start">
                <MultiSelect label="Data types" data={DATA_TYPES} value={r.dataTypes} onChange={(v) => setRule(i, { dataTypes: v as DataType[] })} error={p(`rules.${i}.dataTypes`)} />
                <MultiSelect label="Destinations" data={DESTINATIONS} value={r.destinations} onChange={(v) => setRule(i, { destinations: v as Destination[] })} error={p(`rules.${i}.destinations`)} />
                <MultiSelect label="Conditions (! negates)" data={CONDITIONS} value={r.conditions} onChange={(v) => setRule(i, { conditions: v })} error={p(`rules.${i}.conditions`)} />
              </Group>
            </Stack>
          </Card>
        ))}
        <Group>
          <Button variant="light" onClick={() => setRules([...rules, newRule()])}>Add rule</Button>
        </Group>

        <Title order={4} size="h5">Custom patterns</Title>
        {patterns.length === 0 && <Text size="sm" c="dimmed">None. A custom pattern reports matches as its own type (data type CUSTOM).</Text>}
        {patterns.map((pt, i) => (
          <Group key={i} align="flex-start" wrap="wrap">
            <TextInput label="Pattern name" value={pt.name} onChange={(e) => setPattern(i, { name: e.currentTarget.value })} error={p(`custom_patterns.${i}.name`)} />
            <Select label="Match by" data={[{ value: 'regex', label: 'Regular expression' }, { value: 'keywords', label: 'Keywords' }]} value={pt.kind} onChange={(v) => v && setPattern(i, { kind: v as Pattern['kind'] })} w={190} />
            {pt.kind === 'regex' ? (
              <TextInput label="Regular expression" value={pt.regex} onChange={(e) => setPattern(i, { regex: e.currentTarget.value })} error={p(`custom_patterns.${i}.regex`) ?? p(`custom_patterns.${i}`)} w={280} ff="monospace" />
            ) : (
              <TagsInput label="Keywords" value={pt.keywords} onChange={(v) => setPattern(i, { keywords: v })} error={p(`custom_patterns.${i}.keywords`) ?? p(`custom_patterns.${i}`)} w={280} />
            )}
            <Button variant="subtle" color="red" size="xs" mt={28} onClick={() => setPatterns(patterns.filter((_, j) => j !== i))}>Remove</Button>
          </Group>
        ))}
        <Group>
          <Button variant="light" onClick={() => setPatterns([...patterns, { name: '', kind: 'regex', regex: '', keywords: [] }])}>Add custom pattern</Button>
        </Group>
        {error && <Alert color="red" role="alert" title="Not saved">{error}</Alert>}
        <Group>
          <Button onClick={() => void save()} loading={busy}>Save policy</Button>
          <Button variant="default" onClick={() => onDone()}>Cancel</Button>
        </Group>
      </Stack>
    </Card>
  );
}

import { Fragment, useState } from 'react';
import { Alert, Badge, Button, Card, Group, Paper, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { useMutation } from 'urql';
import { errorMessage } from '../lib/client';
import type { Destination } from '../gql/graphql';
import { TryPolicyMutation } from './documents';
import { DECISION_COLORS } from '../audit/AuditPage';

const PALETTE = ['#ffec99', '#a5d8ff', '#b2f2bb', '#ffc9c9', '#d0bfff', '#ffd8a8', '#99e9f2', '#eebefa'];

/** The masked text with each [TYPE_n] placeholder the service wrote highlighted, one colour per type. */
function Highlighted({ text }: { text: string }) {
  const colors = new Map<string, string>();
  const parts = text.split(/(\[[A-Z][A-Z0-9_]*_\d+\])/g);
  return (
    <Paper withBorder p="sm" style={{ whiteSpace: 'pre-wrap', fontFamily: 'monospace' }} data-testid="masked-text">
      {parts.map((part, i) => {
        const m = /^\[([A-Z][A-Z0-9_]*)_\d+\]$/.exec(part);
        if (!m) return <Fragment key={i}>{part}</Fragment>;
        if (!colors.has(m[1])) colors.set(m[1], PALETTE[colors.size % PALETTE.length]);
        return (
          <mark key={i} title={m[1]} data-type={m[1]} style={{ background: colors.get(m[1]), color: '#1a1b1e', borderRadius: 3, padding: '0 2px' }}>
            {part}
          </mark>
        );
      })}
    </Paper>
  );
}

/** Runs text through the policy on the server (nothing recorded) and shows what a check would answer. */
export function TryIt({ org, policyId }: { org: string; policyId: string }) {
  const [text, setText] = useState('');
  const [destination, setDestination] = useState<Destination>('AI_TOOL');
  const [result, run] = useMutation(TryPolicyMutation);
  const r = result.data?.tryPolicy;
  return (
    <Card withBorder>
      <Stack>
        <Title order={3} size="h4">Try it</Title>
        <Group align="flex-end">
          <Select label="Destination" data={['AI_TOOL', 'VENDOR', 'CUSTOMER']} value={destination} onChange={(v) => v && setDestination(v as Destination)} w={160} />
        </Group>
        <Textarea label="Text to check" value={text} onChange={(e) => setText(e.currentTarget.value)} autosize minRows={3} />
        <Group>
          <Button onClick={() => void run({ org, policy_id: policyId, input: { text, destination } })} loading={result.fetching} disabled={!text}>
            Run check
          </Button>
        </Group>
        {result.error && <Alert color="red" role="alert">{errorMessage(result.error)}</Alert>}
        {r && (
          <Stack gap="xs" data-testid="try-result">
            <Group>
              <Badge color={DECISION_COLORS[r.decision]} size="lg">{r.decision}</Badge>
              <Text size="sm" c="dimmed">policy version {r.policy_version}</Text>
            </Group>
            <Text size="sm">{r.summary}</Text>
            <Group gap="xs">
              {r.detected.map((d) => (
                <Badge key={d.type} variant="outline">{d.type} × {d.count}{d.sample ? ` (${d.sample})` : ''}</Badge>
              ))}
            </Group>
            {r.masked_content != null ? <Highlighted text={r.masked_content} /> : <Text size="sm" c="red">Blocked: no text would be sent.</Text>}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

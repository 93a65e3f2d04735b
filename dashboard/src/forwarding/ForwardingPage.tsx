import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, Modal, PasswordInput, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from 'urql';
import type { DestinationFieldsFragment, TestDestinationMutation } from '../gql/graphql';
import { errorMessage, fieldProblems } from '../lib/client';
import { dateTime } from '../lib/format';
import { Pager, usePage } from '../lib/paging';
import { Empty, QueryState } from '../lib/states';
import { RowAction, RowActions, useReloadableQuery } from '../lib/lists';
import {
  CreateDestinationMutation, DeleteDestinationMutation, DestinationsQuery, RedeliverMutation, TestDestinationMutation as TestDoc, UpdateDestinationMutation,
} from './documents';
import { TestResult } from './TestResult';
import { Confirm } from '../lib/Confirm';

const STATUS_COLORS: Record<string, string> = { Active: 'teal.9', Idle: 'gray.8', Failing: 'red.9', Disabled: 'dark' };
type Test = TestDestinationMutation['testForwardingDestination'];

/** Save and test: the destination is created disabled, tested, and enabled only when the user opts in. */
function NewDestination({ org, onChange }: { org: string; onChange: () => void }) {
  const [url, setUrl] = useState('');
  const [headerName, setHeaderName] = useState('');
  const [headerValue, setHeaderValue] = useState('');
  const [created, setCreated] = useState<DestinationFieldsFragment | null>(null);
  const [test, setTest] = useState<Test | null>(null);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [, create] = useMutation(CreateDestinationMutation);
  const [, runTest] = useMutation(TestDoc);
  const [, update] = useMutation(UpdateDestinationMutation);

  const saveAndTest = async () => {
    setBusy(true);
    setError(null);
    setProblems({});
    try {
      let dest = created;
      if (!dest) {
        const res = await create({
          org,
          input: { url, enabled: false, ...(headerName ? { auth_header_name: headerName, auth_header_value: headerValue } : {}) },
        });
        if (res.error || !res.data) {
          setProblems(fieldProblems(res.error));
          setError(errorMessage(res.error));
          return;
        }
        dest = res.data.createForwardingDestination;
        setCreated(dest);
        onChange();
      }
      const t = await runTest({ org, destination_id: dest.destination_id });
      if (t.error || !t.data) setError(errorMessage(t.error));
      else setTest(t.data.testForwardingDestination);
    } finally {
      setBusy(false);
    }
  };
  const enable = async () => {
    const res = await update({ org, destination_id: created!.destination_id, input: { enabled: true } });
    if (res.error) return setError(errorMessage(res.error));
    setCreated(null);
    setTest(null);
    setUrl('');
    setHeaderName('');
    setHeaderValue('');
    onChange();
  };
  return (
    <Card withBorder>
      <Stack>
        <Title order={3} size="h4">Add a destination</Title>
        <Group align="flex-start" grow>
          <TextInput label="Ingest URL" placeholder="https://collector.example.com/ingest" value={url} onChange={(e) => setUrl(e.currentTarget.value)} error={problems.url} disabled={!!created} required />
        </Group>
        <Group align="flex-start" grow>
          <TextInput label="Auth header name" placeholder="Authorization" value={headerName} onChange={(e) => setHeaderName(e.currentTarget.value)} error={problems.auth_header_name} disabled={!!created} />
          <PasswordInput label="Auth header value" value={headerValue} onChange={(e) => setHeaderValue(e.currentTarget.value)} error={problems.auth_header_value} disabled={!!created} autoComplete="off" />
        </Group>
        {error && <Alert color="red" role="alert">{error}</Alert>}
        {test && <TestResult result={test} />}
        <Group>
          <Button onClick={() => void saveAndTest()} loading={busy} disabled={!url}>{created ? 'Test again' : 'Save and test'}</Button>
          {created && test?.ok && <Button color="green" onClick={() => void enable()}>Enable destination</Button>}
          {created && <Text size="sm" c="dimmed">Saved disabled: nothing is forwarded until you enable it.</Text>}
        </Group>
      </Stack>
    </Card>
  );
}

export default function ForwardingPage({ org }: { org: string }) {
  const paging = usePage();
  const [result, reload] = useReloadableQuery({ query: DestinationsQuery, variables: { org, limit: paging.limit, offset: paging.offset } });
  const [, update] = useMutation(UpdateDestinationMutation);
  const [, runTest] = useMutation(TestDoc);
  const [, redeliver] = useMutation(RedeliverMutation);
  const [, remove] = useMutation(DeleteDestinationMutation);
  const [tests, setTests] = useState<Record<string, Test>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [header, setHeader] = useState<DestinationFieldsFragment | null>(null);
  const [headerValue, setHeaderValue] = useState('');
  const [replay, setReplay] = useState<DestinationFieldsFragment | null>(null);
  const [since, setSince] = useState('');
  const [deleting, setDeleting] = useState<DestinationFieldsFragment | null>(null);
  const act = async (p: Promise<{ error?: unknown }>, ok?: string) => {
    const res = await p;
    setMessage(res.error ? errorMessage(res.error) : (ok ?? null));
    reload();
  };

  return (
    <Stack>
      <Title order={2}>Forwarding</Title>
      <Text size="sm" c="dimmed">Audit events (metadata only, never content) are sent to each enabled HTTPS collector.</Text>
      <NewDestination org={org} onChange={reload} />
      {message && <Alert color="blue" withCloseButton onClose={() => setMessage(null)}>{message}</Alert>}
      <QueryState result={result} retry={reload}>
        {(data) =>
          data.forwardingDestinations.total === 0 ? (
            <Empty title="No destinations">Add a SIEM or log collector above to stream audit events.</Empty>
          ) : (
            <Stack>
              {data.forwardingDestinations.items.map((d) => (
                <Card withBorder key={d.destination_id} data-testid="destination">
                  <Stack gap="xs">
                    <Group justify="space-between" wrap="wrap">
                      <Group gap="sm">
                        <Badge color={STATUS_COLORS[d.status] ?? 'gray'} data-testid="destination-status">{d.status}</Badge>
                        <Text fw={600} style={{ wordBreak: 'break-all' }}>{d.url}</Text>
                      </Group>
                      <RowActions>
                        <RowAction onClick={async () => {
                          const t = await runTest({ org, destination_id: d.destination_id });
                          if (t.data) setTests({ ...tests, [d.destination_id]: t.data.testForwardingDestination });
                          else setMessage(errorMessage(t.error));
                        }}>Send test</RowAction>
                        <RowAction onClick={() => void act(update({ org, destination_id: d.destination_id, input: { enabled: !d.enabled } }))}>
                          {d.enabled ? 'Disable' : 'Enable'}
                        </RowAction>
                        <RowAction onClick={() => { setHeader(d); setHeaderValue(''); }}>Header value</RowAction>
                        <RowAction onClick={() => { setReplay(d); setSince(''); }}>Redeliver</RowAction>
                        <RowAction danger onClick={() => setDeleting(d)}>Delete</RowAction>
                      </RowActions>
                    </Group>
                    <Table withRowBorders={false} layout="fixed" fz="sm">
                      <Table.Tbody>
                        <Table.Tr>
                          <Table.Td>Queued {d.deliveries.queued}</Table.Td>
                          <Table.Td>Retrying {d.deliveries.retrying}</Table.Td>
                          <Table.Td>Delivered {d.deliveries.delivered}</Table.Td>
                          <Table.Td>Failed {d.deliveries.failed}</Table.Td>
                        </Table.Tr>
                      </Table.Tbody>
                    </Table>
                    <Text size="sm" c="dimmed">
                      Auth header: {d.auth_header_configured ? `${d.auth_header_name} (value set)` : d.auth_header_name ? `${d.auth_header_name} (no value)` : 'none'}
                    </Text>
                    {d.last_error && (
                      <Text size="sm" c="red" data-testid="last-error">Last error ({dateTime(d.last_error_at)}): {d.last_error}</Text>
                    )}
                    {tests[d.destination_id] && <TestResult result={tests[d.destination_id]} />}
                  </Stack>
                </Card>
              ))}
              <Pager {...paging} total={data.forwardingDestinations.total} label="destinations" />
            </Stack>
          )
        }
      </QueryState>
      <Modal opened={!!header} onClose={() => setHeader(null)} title="Auth header value">
        <Stack>
          <Text size="sm">The value is write-only: a new one replaces it, clearing removes it.</Text>
          <PasswordInput label="New header value" value={headerValue} onChange={(e) => setHeaderValue(e.currentTarget.value)} autoComplete="off" />
          <Group justify="flex-end">
            <Button variant="default" color="red" onClick={() => { void act(update({ org, destination_id: header!.destination_id, input: { auth_header_value: '' } }), 'Header value cleared'); setHeader(null); }}>Clear value</Button>
            <Button disabled={!headerValue} onClick={() => { void act(update({ org, destination_id: header!.destination_id, input: { auth_header_value: headerValue } }), 'Header value rotated'); setHeader(null); }}>Rotate</Button>
          </Group>
        </Stack>
      </Modal>
      <Modal opened={!!replay} onClose={() => setReplay(null)} title="Redeliver dead-lettered events">
        <Stack>
          <TextInput label="Since (UTC date-time; empty for all)" type="datetime-local" value={since} onChange={(e) => setSince(e.currentTarget.value)} />
          <Group justify="flex-end">
            <Button onClick={async () => {
              const res = await redeliver({ org, destination_id: replay!.destination_id, input: since ? { since: `${since}:00Z` } : {} });
              setReplay(null);
              setMessage(res.error ? errorMessage(res.error) : `${res.data!.redeliverForwardingDestination.requeued} events re-queued${res.data!.redeliverForwardingDestination.more ? ' (more remain: redeliver again)' : ''}`);
              reload();
            }}>Redeliver</Button>
          </Group>
        </Stack>
      </Modal>
      <Confirm
        title="Delete destination?"
        action="Delete"
        target={deleting}
        onClose={() => setDeleting(null)}
        onConfirm={(d) => remove({ org, destination_id: d.destination_id })}
        after={reload}
      >
        {(d) => `Delete ${d.url}? Its queued events are dropped.`}
      </Confirm>
    </Stack>
  );
}

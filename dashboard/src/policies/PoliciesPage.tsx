import { useState } from 'react';
import { Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from 'urql';
import type { PolicyFieldsFragment } from '../gql/graphql';
import { SecretOnce } from '../lib/SecretOnce';
import { Confirm } from '../lib/Confirm';
import { dateTime } from '../lib/format';
import { Pager, usePage } from '../lib/paging';
import { Empty, QueryState } from '../lib/states';
import { DeletePolicyMutation, PoliciesQuery, RegeneratePolicyKeyMutation } from './documents';
import { PolicyEditor } from './PolicyEditor';
import { TryIt } from './TryIt';

export default function PoliciesPage({ org }: { org: string }) {
  const paging = usePage();
  const [result, refetch] = useQuery({ query: PoliciesQuery, variables: { org, limit: paging.limit, offset: paging.offset } });
  const [editing, setEditing] = useState<PolicyFieldsFragment | 'new' | null>(null);
  const [trying, setTrying] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<PolicyFieldsFragment | null>(null);
  const [, regenerate] = useMutation(RegeneratePolicyKeyMutation);
  const [, remove] = useMutation(DeletePolicyMutation);
  const reload = () => refetch({ requestPolicy: 'network-only' });

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Policies</Title>
        {!editing && <Button onClick={() => setEditing('new')}>New policy</Button>}
      </Group>
      {editing && (
        <PolicyEditor
          key={editing === 'new' ? 'new' : editing.policy_id}
          org={org}
          policy={editing === 'new' ? null : editing}
          onDone={(created) => {
            setEditing(null);
            if (created) {
              setSecret(created.api_key);
              setTrying(created.policy_id);
            }
            reload();
          }}
        />
      )}
      <QueryState result={result} retry={reload}>
        {(data) =>
          data.policies.total === 0 ? (
            <Empty title="No policies yet">A policy decides what is blocked, masked or allowed. Create one to get its policy key.</Empty>
          ) : (
            <>
            <Table.ScrollContainer minWidth={700}>
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Name</Table.Th>
                    <Table.Th>Version</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Rules</Table.Th>
                    <Table.Th>Key</Table.Th>
                    <Table.Th>Updated</Table.Th>
                    <Table.Th>Actions</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.policies.items.map((p) => (
                    <Table.Tr key={p.policy_id}>
                      <Table.Td>{p.name}</Table.Td>
                      <Table.Td>{p.version}</Table.Td>
                      <Table.Td><Badge color={p.is_active ? 'teal.9' : 'gray.8'}>{p.is_active ? 'Active' : 'Inactive'}</Badge></Table.Td>
                      <Table.Td>{p.rules.length} rules, {p.custom_patterns.length} patterns</Table.Td>
                      <Table.Td><Text size="xs" ff="monospace">{p.api_key}</Text></Table.Td>
                      <Table.Td>{dateTime(p.updated_at)}</Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <Button size="xs" variant="light" onClick={() => setEditing(p)} aria-label={`Edit ${p.name}`}>Edit</Button>
                          <Button size="xs" variant="light" onClick={() => setTrying(trying === p.policy_id ? null : p.policy_id)} aria-label={`Try it: ${p.name}`}>Try it</Button>
                          <Button
                            size="xs"
                            variant="light"
                            aria-label={`Regenerate key of ${p.name}`}
                            onClick={async () => {
                              const res = await regenerate({ org, policy_id: p.policy_id });
                              if (res.data) setSecret(res.data.regeneratePolicyKey.api_key);
                              reload();
                            }}
                          >
                            Regenerate key
                          </Button>
                          <Button size="xs" variant="light" color="red" onClick={() => setDeleting(p)} aria-label={`Delete ${p.name}`}>Delete</Button>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Pager {...paging} total={data.policies.total} label="policies" />
            </>
          )
        }
      </QueryState>
      {trying && <TryIt key={trying} org={org} policyId={trying} />}
      <SecretOnce title="Policy key" secret={secret} onClose={() => setSecret(null)} />
      <Confirm
        title="Delete policy?"
        action="Delete"
        opened={!!deleting}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          const res = await remove({ org, policy_id: deleting!.policy_id });
          reload();
          return res;
        }}
      >
        Delete {deleting?.name}? Its policy key stops working at once.
      </Confirm>
    </Stack>
  );
}

import { useState } from 'react';
import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useMutation } from 'urql';
import type { PolicyFieldsFragment } from '../gql/graphql';
import { SecretOnce } from '../lib/SecretOnce';
import { Confirm } from '../lib/Confirm';
import { dateTime } from '../lib/format';
import { Empty, QueryState } from '../lib/states';
import { ListTable, RowAction, RowActions, useReloadableQuery } from '../lib/lists';
import { usePage } from '../lib/paging';
import { DeletePolicyMutation, PoliciesQuery, RegeneratePolicyKeyMutation } from './documents';
import { PolicyEditor } from './PolicyEditor';
import { TryIt } from './TryIt';

export default function PoliciesPage({ org }: { org: string }) {
  const paging = usePage();
  const [result, reload] = useReloadableQuery({ query: PoliciesQuery, variables: { org, limit: paging.limit, offset: paging.offset } });
  const [editing, setEditing] = useState<PolicyFieldsFragment | 'new' | null>(null);
  const [trying, setTrying] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<PolicyFieldsFragment | null>(null);
  const [, regenerate] = useMutation(RegeneratePolicyKeyMutation);
  const [, remove] = useMutation(DeletePolicyMutation);

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
        {(data) => (
          <ListTable
            rows={data.policies.items}
            page={{ ...paging, total: data.policies.total, label: 'policies' }}
            rowKey={(p) => p.policy_id}
            minWidth={700}
            empty={<Empty title="No policies yet">A policy decides what is blocked, masked or allowed. Create one to get its policy key.</Empty>}
            columns={[
              { header: 'Name', cell: (p) => p.name },
              { header: 'Version', cell: (p) => p.version },
              { header: 'Status', cell: (p) => <Badge color={p.is_active ? 'teal.9' : 'gray.8'}>{p.is_active ? 'Active' : 'Inactive'}</Badge> },
              { header: 'Rules', cell: (p) => `${p.rules.length} rules, ${p.custom_patterns.length} patterns` },
              { header: 'Key', cell: (p) => <Text size="xs" ff="monospace">{p.api_key}</Text> },
              { header: 'Updated', cell: (p) => dateTime(p.updated_at) },
              {
                header: 'Actions',
                cell: (p) => (
                  <RowActions>
                    <RowAction onClick={() => setEditing(p)} aria-label={`Edit ${p.name}`}>Edit</RowAction>
                    <RowAction onClick={() => setTrying(trying === p.policy_id ? null : p.policy_id)} aria-label={`Try it: ${p.name}`}>Try it</RowAction>
                    <RowAction
                      aria-label={`Regenerate key of ${p.name}`}
                      onClick={async () => {
                        const res = await regenerate({ org, policy_id: p.policy_id });
                        if (res.data) setSecret(res.data.regeneratePolicyKey.api_key);
                        reload();
                      }}
                    >
                      Regenerate key
                    </RowAction>
                    <RowAction danger onClick={() => setDeleting(p)} aria-label={`Delete ${p.name}`}>Delete</RowAction>
                  </RowActions>
                ),
              },
            ]}
          />
        )}
      </QueryState>
      {trying && <TryIt key={trying} org={org} policyId={trying} />}
      <SecretOnce title="Policy key" secret={secret} onClose={() => setSecret(null)} />
      <Confirm
        title="Delete policy?"
        action="Delete"
        target={deleting}
        onClose={() => setDeleting(null)}
        onConfirm={(p) => remove({ org, policy_id: p.policy_id })}
        after={reload}
      >
        {(p) => `Delete ${p.name}? Its policy key stops working at once.`}
      </Confirm>
    </Stack>
  );
}

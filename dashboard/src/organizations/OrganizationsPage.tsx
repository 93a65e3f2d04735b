import { useState } from 'react';
import { Badge, Button, Card, Group, Stack, Table, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery } from 'urql';
import { SecretOnce } from '../lib/SecretOnce';
import { fieldProblems } from '../lib/client';
import { dateTime } from '../lib/format';
import { useOrg } from '../lib/org';
import { Pager, usePage } from '../lib/paging';
import { Empty, QueryState } from '../lib/states';
import { CreateOrganizationMutation, OrganizationsQuery } from './documents';

/** Operator only: every organization, creating one, and switching the console to it. */
export default function OrganizationsPage() {
  const { org, setOrg } = useOrg();
  const paging = usePage();
  const [result, refetch] = useQuery({ query: OrganizationsQuery, variables: { limit: paging.limit, offset: paging.offset } });
  const [created, create] = useMutation(CreateOrganizationMutation);
  const [name, setName] = useState('');
  const [secret, setSecret] = useState<string | null>(null);
  const reload = () => refetch({ requestPolicy: 'network-only' });
  return (
    <Stack>
      <Title order={2}>Organizations</Title>
      <Card withBorder>
        <form onSubmit={async (e) => {
          e.preventDefault();
          const res = await create({ input: { name } });
          if (res.data) {
            setSecret(res.data.createOrganization.license_key);
            setOrg(res.data.createOrganization.org_id);
            setName('');
            reload();
          }
        }}>
          <Group align="flex-end">
            <TextInput label="Organization name" value={name} onChange={(e) => setName(e.currentTarget.value)} error={fieldProblems(created.error).name} required />
            <Button type="submit" loading={created.fetching}>Create organization</Button>
          </Group>
        </form>
      </Card>
      <QueryState result={result} retry={reload}>
        {(data) =>
          data.organizations.total === 0 ? (
            <Empty title="No organizations">Create the first one above; it gets a trial license.</Empty>
          ) : (
            <>
            <Table.ScrollContainer minWidth={500}>
              <Table>
                <Table.Thead>
                  <Table.Tr><Table.Th>Name</Table.Th><Table.Th>Slug</Table.Th><Table.Th>Created</Table.Th><Table.Th>Console</Table.Th></Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.organizations.items.map((o) => (
                    <Table.Tr key={o.org_id}>
                      <Table.Td>{o.name}</Table.Td>
                      <Table.Td>{o.slug}</Table.Td>
                      <Table.Td>{dateTime(o.created_at)}</Table.Td>
                      <Table.Td>
                        {org === o.org_id ? (
                          <Badge>Current</Badge>
                        ) : (
                          <Button size="xs" variant="light" onClick={() => setOrg(o.org_id)} aria-label={`Switch to ${o.name}`}>Switch</Button>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Pager {...paging} total={data.organizations.total} label="organizations" />
            </>
          )
        }
      </QueryState>
      <SecretOnce title="Trial license key" secret={secret} onClose={() => setSecret(null)} />
    </Stack>
  );
}

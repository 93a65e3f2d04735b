import { useState } from 'react';
import { Badge, Button, Card, Group, Stack, TextInput, Title } from '@mantine/core';
import { useMutation } from 'urql';
import { SecretOnce } from '../lib/SecretOnce';
import { fieldProblems } from '../lib/client';
import { dateTime } from '../lib/format';
import { useOrg } from '../lib/org';
import { Empty, QueryState } from '../lib/states';
import { ListTable, RowAction, useReloadableQuery } from '../lib/lists';
import { usePage } from '../lib/paging';
import { CreateOrganizationMutation, OrganizationsQuery } from './documents';

/** Operator only: every organization, creating one, and switching the console to it. */
export default function OrganizationsPage() {
  const { org, setOrg } = useOrg();
  const paging = usePage();
  const [result, reload] = useReloadableQuery({ query: OrganizationsQuery, variables: { limit: paging.limit, offset: paging.offset } });
  const [created, create] = useMutation(CreateOrganizationMutation);
  const [name, setName] = useState('');
  const [secret, setSecret] = useState<string | null>(null);
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
        {(data) => (
          <ListTable
            rows={data.organizations.items}
            page={{ ...paging, total: data.organizations.total, label: 'organizations' }}
            rowKey={(o) => o.org_id}
            minWidth={500}
            empty={<Empty title="No organizations">Create the first one above; it gets a trial license.</Empty>}
            columns={[
              { header: 'Name', cell: (o) => o.name },
              { header: 'Slug', cell: (o) => o.slug },
              { header: 'Created', cell: (o) => dateTime(o.created_at) },
              {
                header: 'Console',
                cell: (o) => (org === o.org_id ? <Badge>Current</Badge> : <RowAction onClick={() => setOrg(o.org_id)} aria-label={`Switch to ${o.name}`}>Switch</RowAction>),
              },
            ]}
          />
        )}
      </QueryState>
      <SecretOnce title="Trial license key" secret={secret} onClose={() => setSecret(null)} />
    </Stack>
  );
}

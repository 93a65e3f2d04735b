import { useState } from 'react';
import { Alert, Badge, Button, Card, Code, Group, NumberInput, Progress, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from 'urql';
import type { SettingsQuery as SettingsResult } from '../gql/graphql';
import { SecretOnce } from '../lib/SecretOnce';
import { Confirm } from '../lib/Confirm';
import { errorMessage, fieldProblems } from '../lib/client';
import { dateTime, num } from '../lib/format';
import { Pager, usePage } from '../lib/paging';
import { Empty, QueryState } from '../lib/states';
import { ListTable, RowAction, RowActions, useReloadableQuery } from '../lib/lists';
import { CreateApiKeyMutation, RevokeApiKeyMutation, RotateApiKeyMutation, SettingsQuery, UpdateOrganizationMutation } from './documents';

type Org = SettingsResult['organization'];

function OrganizationForm({ org }: { org: Org }) {
  const s = org.settings as Record<string, string | number | undefined>;
  const [name, setName] = useState(org.name);
  const [adminEmail, setAdminEmail] = useState(String(s.admin_email ?? ''));
  const [color, setColor] = useState(String(s.primary_color ?? ''));
  const [region, setRegion] = useState<string | null>((s.data_region as string) ?? null);
  const [mode, setMode] = useState<string | null>((s.retention_mode as string) ?? null);
  const [days, setDays] = useState<number | string>((s.retention_days as number) ?? '');
  const [result, save] = useMutation(UpdateOrganizationMutation);
  const [saved, setSaved] = useState(false);
  const problems = fieldProblems(result.error);
  const submit = async () => {
    setSaved(false);
    const settings: Record<string, unknown> = {};
    if (adminEmail) settings.admin_email = adminEmail;
    if (color) settings.primary_color = color;
    if (region) settings.data_region = region;
    if (mode) settings.retention_mode = mode;
    if (mode !== 'METADATA' && days !== '') settings.retention_days = Number(days);
    const res = await save({ org: org.org_id, input: { name, settings } });
    setSaved(!res.error);
  };
  return (
    <Card withBorder>
      <Stack>
        <Title order={3} size="h4">Organization</Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Name" value={name} onChange={(e) => setName(e.currentTarget.value)} error={problems.name} />
          <TextInput label="Admin e-mail" value={adminEmail} onChange={(e) => setAdminEmail(e.currentTarget.value)} error={problems['settings.admin_email']} />
          <TextInput label="Primary colour" placeholder="#4c6ef5" value={color} onChange={(e) => setColor(e.currentTarget.value)} error={problems['settings.primary_color']} />
          <Select label="Data region" data={['EU', 'US', 'APAC', 'OTHER']} value={region} onChange={setRegion} clearable error={problems['settings.data_region']} />
          <Select label="Retention mode" data={['METADATA', 'FULL']} value={mode} onChange={setMode} clearable error={problems['settings.retention_mode']} />
          <NumberInput label="Retention days (FULL)" value={days} onChange={setDays} disabled={mode === 'METADATA'} error={problems['settings.retention_days']} />
        </SimpleGrid>
        {result.error && <Alert color="red" role="alert">{errorMessage(result.error)}</Alert>}
        {saved && <Alert color="green">Saved.</Alert>}
        <Group><Button onClick={() => void submit()} loading={result.fetching}>Save settings</Button></Group>
      </Stack>
    </Card>
  );
}

type Paging = ReturnType<typeof usePage>;

function ApiKeys({ org, keys, paging, reload }: { org: string; keys: SettingsResult['apiKeys']; paging: Paging; reload: () => void }) {
  const [name, setName] = useState('');
  const [secret, setSecret] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<SettingsResult['apiKeys']['items'][number] | null>(null);
  const [created, create] = useMutation(CreateApiKeyMutation);
  const [, rotate] = useMutation(RotateApiKeyMutation);
  const [, revoke] = useMutation(RevokeApiKeyMutation);
  return (
    <Card withBorder>
      <Stack>
        <Title order={3} size="h4">API keys</Title>
        <form onSubmit={async (e) => {
          e.preventDefault();
          const res = await create({ org, input: { name } });
          if (res.data) {
            setSecret(res.data.createApiKey.key ?? null);
            setName('');
            reload();
          }
        }}>
          <Group align="flex-end">
            <TextInput label="Key name" value={name} onChange={(e) => setName(e.currentTarget.value)} error={fieldProblems(created.error).name} required />
            <Button type="submit" loading={created.fetching}>Create key</Button>
          </Group>
        </form>
        <ListTable
          rows={keys.items}
          page={{ ...paging, total: keys.total, label: 'API keys' }}
          rowKey={(k) => k.key_id}
          minWidth={600}
          rowProps={() => ({ 'data-testid': 'api-key-row' })}
          empty={<Empty title="No API keys">Organization keys manage policies, destinations and the audit log through the API.</Empty>}
          columns={[
            { header: 'Name', cell: (k) => k.name },
            { header: 'Key', cell: (k) => <Code>{k.key_preview}</Code> },
            { header: 'Created', cell: (k) => dateTime(k.rotated_at ?? k.created_at) },
            { header: 'Last used', cell: (k) => dateTime(k.last_used_at) },
            {
              header: 'Actions',
              cell: (k) => (
                <RowActions>
                  <RowAction aria-label={`Rotate ${k.name}`} onClick={async () => {
                    const res = await rotate({ org, key_id: k.key_id });
                    if (res.data) setSecret(res.data.rotateApiKey.key ?? null);
                    reload();
                  }}>Rotate</RowAction>
                  <RowAction danger aria-label={`Revoke ${k.name}`} onClick={() => setRevoking(k)}>Revoke</RowAction>
                </RowActions>
              ),
            },
          ]}
        />
      </Stack>
      <SecretOnce title="API key" secret={secret} onClose={() => setSecret(null)} />
      <Confirm
        title="Revoke key?"
        action="Revoke"
        target={revoking}
        onClose={() => setRevoking(null)}
        onConfirm={(k) => revoke({ org, key_id: k.key_id })}
        after={reload}
      >
        {(k) => `Revoke ${k.name}? Every client using it is refused at once (a console session opened with it ends too).`}
      </Confirm>
    </Card>
  );
}

export default function SettingsPage({ org }: { org: string; operator: boolean }) {
  const keysPage = usePage('keys_page');
  const licensesPage = usePage('licenses_page', 10);
  const [result, reload] = useReloadableQuery({
    query: SettingsQuery,
    variables: { org, keysLimit: keysPage.limit, keysOffset: keysPage.offset, licensesLimit: licensesPage.limit, licensesOffset: licensesPage.offset },
  });
  return (
    <Stack>
      <Title order={2}>Settings</Title>
      <QueryState result={result} retry={reload}>
        {(data) => (
          <>
            <OrganizationForm key={data.organization.org_id} org={data.organization} />
            <ApiKeys org={org} keys={data.apiKeys} paging={keysPage} reload={reload} />
            <Card withBorder>
              <Stack>
                <Title order={3} size="h4">Licenses</Title>
                {data.licenses.total === 0 ? (
                  <Empty title="No licenses">Without an active license, checks are refused.</Empty>
                ) : (
                  data.licenses.items.map((l) => (
                    <Stack key={l.license_id} gap={4}>
                      <Group gap="sm">
                        <Badge color={l.status === 'active' ? 'teal.9' : 'gray.8'}>{l.status}</Badge>
                        <Text fw={600}>{l.license_type}</Text>
                        <Code>{l.license_key}</Code>
                        <Text size="sm" c="dimmed">expires {dateTime(l.expires_at)}</Text>
                      </Group>
                      {l.status === 'active' && (
                        <>
                          <Text size="sm">
                            {num(data.checksThisMonth.checks)} of {num(l.max_checks_per_month)} checks used in {data.checksThisMonth.month}
                          </Text>
                          <Progress value={Math.min(100, (100 * data.checksThisMonth.checks) / l.max_checks_per_month)} aria-label="Monthly allowance used" />
                        </>
                      )}
                    </Stack>
                  ))
                )}
                {data.licenses.total > 0 && <Pager {...licensesPage} total={data.licenses.total} label="licenses" />}
              </Stack>
            </Card>
            <Card withBorder>
              <Stack gap="xs">
                <Title order={3} size="h4">License token public key</Title>
                <Text size="sm" c="dimmed">Client libraries verify license tokens offline with this key ({data.licensePublicKey.alg}, kid {data.licensePublicKey.kid}).</Text>
                <Code block>{data.licensePublicKey.pem}</Code>
              </Stack>
            </Card>
          </>
        )}
      </QueryState>
    </Stack>
  );
}

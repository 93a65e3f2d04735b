import { useState } from 'react';
import { Badge, Button, Code, Drawer, Group, Pagination, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useQuery } from 'urql';
import type { AuditLogQuery as AuditLogResult, Decision, Destination } from '../gql/graphql';
import { bytes, dateTime, num } from '../lib/format';
import { PAGE_SIZE } from '../lib/paging';
import { Empty, QueryState } from '../lib/states';
import { ListTable, useReloadableQuery } from '../lib/lists';
import { AuditLogQuery, AuditOrgsQuery } from './documents';

const FILTERS = ['search', 'org', 'decision', 'destination', 'from', 'to'] as const;
type Item = AuditLogResult['auditLog']['items'][number];

export const DECISION_COLORS: Record<string, string> = { ALLOWED: 'teal.9', ALLOWED_WITH_MASKING: 'indigo.9', BLOCKED: 'red.9' };

/** Filters and the page live in the URL, so a view can be shared. */
export default function AuditPage({ org, operator }: { org: string; operator: boolean }) {
  const [params, setParams] = useSearchParams();
  const get = (k: string) => params.get(k) ?? '';
  const set = (k: string, v: string | null) => {
    const next = new URLSearchParams(params);
    if (v) next.set(k, v);
    else next.delete(k);
    if (k !== 'page') next.delete('page');
    setParams(next);
  };
  const page = Math.max(1, Number(get('page')) || 1);
  const [search, setSearch] = useState(get('search'));
  const [selected, setSelected] = useState<Item | null>(null);
  const orgFilter = operator ? get('org') || org : org;
  // The filter offers the first page of the largest size the service serves.
  const [orgs] = useQuery({ query: AuditOrgsQuery, variables: { limit: 500 }, pause: !operator });
  const [result, reload] = useReloadableQuery({
    query: AuditLogQuery,
    variables: {
      limit: PAGE_SIZE,
      offset: (page - 1) * PAGE_SIZE,
      org: orgFilter === '*' ? undefined : orgFilter,
      search: get('search') || undefined,
      decision: (get('decision') || undefined) as Decision | undefined,
      destination: (get('destination') || undefined) as Destination | undefined,
      from: get('from') || undefined,
      to: get('to') || undefined,
    },
  });
  const anyFilter = FILTERS.some((f) => params.get(f));
  return (
    <Stack>
      <Title order={2}>Audit log</Title>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          set('search', search.trim());
        }}
      >
        <Group align="flex-end" gap="sm">
          <TextInput label="Search" placeholder="Preflight id, summary, policy…" value={search} onChange={(e) => setSearch(e.currentTarget.value)} w={260} />
          {operator && (
            <Select
              label="Organization"
              value={orgFilter}
              onChange={(v) => set('org', v)}
              data={[{ value: '*', label: 'All organizations' }, ...(orgs.data?.organizations.items ?? []).map((o) => ({ value: o.org_id, label: o.name }))]}
              w={200}
            />
          )}
          <Select
            label="Decision"
            clearable
            value={get('decision') || null}
            onChange={(v) => set('decision', v)}
            data={[
              { value: 'ALLOWED', label: 'Allowed' },
              { value: 'ALLOWED_WITH_MASKING', label: 'Masked' },
              { value: 'BLOCKED', label: 'Blocked' },
            ]}
            w={150}
          />
          <Select
            label="Destination"
            clearable
            value={get('destination') || null}
            onChange={(v) => set('destination', v)}
            data={['AI_TOOL', 'VENDOR', 'CUSTOMER']}
            w={150}
          />
          <TextInput label="From" type="date" value={get('from')} onChange={(e) => set('from', e.currentTarget.value)} w={160} />
          <TextInput label="To" type="date" value={get('to')} onChange={(e) => set('to', e.currentTarget.value)} w={160} />
          <Button type="submit">Apply</Button>
          {anyFilter && (
            <Button variant="subtle" onClick={() => { setSearch(''); setParams(new URLSearchParams()); }}>
              Clear filters
            </Button>
          )}
        </Group>
      </form>
      <QueryState result={result} retry={reload}>
        {(data) =>
          data.auditLog.items.length === 0 ? (
            <Empty title="No audit records match">{anyFilter ? 'Change or clear the filters.' : 'Checks appear here as they are made (the last 30 days unless a date range is set).'}</Empty>
          ) : (
            <>
              <Text size="sm" c="dimmed" data-testid="audit-total">{num(data.auditLog.total)} records</Text>
              <ListTable
                rows={data.auditLog.items}
                rowKey={(item) => item.preflight_id}
                minWidth={800}
                tableProps={{ highlightOnHover: true, striped: true }}
                empty={null}
                columns={[
                  {
                    header: 'Time (UTC)',
                    cell: (item) => (
                      <Button variant="subtle" size="compact-sm" onClick={() => setSelected(item)} title={`Details of ${item.preflight_id}`}>
                        {dateTime(item.created_at)}
                      </Button>
                    ),
                  },
                  { header: 'Organization', hidden: !operator, cell: (item) => item.org_name },
                  { header: 'Decision', cell: (item) => <Badge color={DECISION_COLORS[item.decision]}>{item.decision}</Badge> },
                  { header: 'Destination', cell: (item) => item.destination },
                  { header: 'Policy', cell: (item) => item.policy_name },
                  { header: 'Findings', cell: (item) => item.findings_total },
                  { header: 'Summary', cell: (item) => <Text size="sm" lineClamp={1}>{item.summary}</Text> },
                ]}
              />
              <Pagination
                total={Math.max(1, Math.ceil(data.auditLog.total / PAGE_SIZE))}
                value={page}
                onChange={(p) => set('page', String(p))}
                getControlProps={(c) => ({ 'aria-label': `${c} page` })}
              />
            </>
          )
        }
      </QueryState>
      <Drawer opened={!!selected} onClose={() => setSelected(null)} title="Audit record" position="right" size="md">
        {selected && (
          <Stack gap="xs">
            {(
              [
                ['Preflight id', <Code>{selected.preflight_id}</Code>],
                ['Time', dateTime(selected.created_at)],
                ['Organization', `${selected.org_name} (${selected.org_id})`],
                ['Policy', `${selected.policy_name} (${selected.policy_id}), version ${selected.policy_version}`],
                ['Decision', selected.decision],
                ['Destination', selected.destination],
                ['Source', `${selected.source_type}, ${selected.input_type}, ${bytes(selected.input_size_bytes)}`],
                ['Summary', selected.summary],
              ] as const
            ).map(([k, v]) => (
              <div key={k}>
                <Text size="xs" c="dimmed">{k}</Text>
                <Text size="sm">{v}</Text>
              </div>
            ))}
            <Text size="xs" c="dimmed">Findings by type</Text>
            {Object.keys(selected.finding_counts).length === 0 ? (
              <Text size="sm">None</Text>
            ) : (
              <Group gap="xs">
                {Object.entries(selected.finding_counts).map(([type, count]) => (
                  <Badge key={type} variant="outline">{type}: {String(count)}</Badge>
                ))}
              </Group>
            )}
            <Text size="xs" c="dimmed">Content and detected values are never stored in the audit log.</Text>
          </Stack>
        )}
      </Drawer>
    </Stack>
  );
}

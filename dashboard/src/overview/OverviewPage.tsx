import { Card, Group, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useQuery } from 'urql';
import { Area, AreaChart, Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { bytes, num } from '../lib/format';
import { Empty, QueryState } from '../lib/states';
import { OverviewQuery } from './documents';

import type { AnalyticsPeriod } from '../gql/graphql';

/** The URL keeps REST's short names; GraphQL takes the enum. */
const PERIODS: Record<string, AnalyticsPeriod> = { '7d': 'LAST_7_DAYS', '30d': 'LAST_30_DAYS', '90d': 'LAST_90_DAYS' };

export default function OverviewPage({ org }: { org: string }) {
  const [params, setParams] = useSearchParams();
  const period = (params.get('period') ?? '') in PERIODS ? params.get('period')! : '30d';
  const [result, refetch] = useQuery({ query: OverviewQuery, variables: { org, period: PERIODS[period] } });
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Overview</Title>
        <SegmentedControl
          aria-label="Period"
          value={period}
          onChange={(p) => setParams({ period: p })}
          data={Object.keys(PERIODS)}
        />
      </Group>
      <QueryState result={result} retry={() => refetch({ requestPolicy: 'network-only' })}>
        {(data) => {
          const a = data.organizationAnalytics;
          const stats: Array<[string, string]> = [
            ['Total checks', num(a.total_checks)],
            ['Allowed', num(a.allowed)],
            ['Masked', num(a.masked)],
            ['Blocked', num(a.blocked)],
            ['Safe share rate', `${a.safe_share_rate}%`],
            ['Bytes protected', bytes(a.bytes_protected)],
            ['Prevented exposures', num(a.prevented_exposures)],
          ];
          return (
            <>
              <Text c="dimmed" size="sm">
                {a.org_name}: {a.from_date} to {a.to_date} (UTC)
              </Text>
              <SimpleGrid cols={{ base: 2, sm: 4, lg: 7 }}>
                {stats.map(([label, value]) => (
                  <Card withBorder key={label} padding="sm" data-testid={`stat-${label}`}>
                    <Text size="xs" c="dimmed">{label}</Text>
                    <Text fw={700} size="xl">{value}</Text>
                  </Card>
                ))}
              </SimpleGrid>
              {a.total_checks === 0 ? (
                <Empty title="No checks in this period">Checks sent with a policy key appear here.</Empty>
              ) : (
                <SimpleGrid cols={{ base: 1, lg: 2 }}>
                  <Card withBorder>
                    <Title order={3} size="h5" mb="sm">Checks per day</Title>
                    <div style={{ height: 260 }} role="img" aria-label="Checks per day by decision">
                      <ResponsiveContainer>
                        <AreaChart data={data.analyticsTimeSeries.data}>
                          <CartesianGrid strokeDasharray="3 3" />
                          <XAxis dataKey="date" fontSize={11} />
                          <YAxis fontSize={11} allowDecimals={false} />
                          <Tooltip />
                          <Legend />
                          <Area isAnimationActive={false} type="monotone" dataKey="allowed" stackId="1" stroke="#2f9e44" fill="#8ce99a" name="Allowed" />
                          <Area isAnimationActive={false} type="monotone" dataKey="masked" stackId="1" stroke="#f08c00" fill="#ffd8a8" name="Masked" />
                          <Area isAnimationActive={false} type="monotone" dataKey="blocked" stackId="1" stroke="#e03131" fill="#ffa8a8" name="Blocked" />
                        </AreaChart>
                      </ResponsiveContainer>
                    </div>
                  </Card>
                  <Card withBorder>
                    <Title order={3} size="h5" mb="sm">Detections by type ({num(data.detectionBreakdown.total_detections)})</Title>
                    {data.detectionBreakdown.types.length === 0 ? (
                      <Empty title="No detections" />
                    ) : (
                      <div style={{ height: 260 }} role="img" aria-label="Detections by type">
                        <ResponsiveContainer>
                          <BarChart data={data.detectionBreakdown.types} layout="vertical" margin={{ left: 40 }}>
                            <CartesianGrid strokeDasharray="3 3" />
                            <XAxis type="number" fontSize={11} allowDecimals={false} />
                            <YAxis type="category" dataKey="label" width={140} fontSize={11} />
                            <Tooltip />
                            <Bar isAnimationActive={false} dataKey="count" fill="#4c6ef5" name="Detections" />
                          </BarChart>
                        </ResponsiveContainer>
                      </div>
                    )}
                  </Card>
                </SimpleGrid>
              )}
            </>
          );
        }}
      </QueryState>
    </Stack>
  );
}

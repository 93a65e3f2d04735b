import { lazy, Suspense, useMemo } from 'react';
import { AppShell, Burger, Button, Group, NavLink, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, Route, Routes, useLocation } from 'react-router';
import { Provider } from 'urql';
import { createClient } from './lib/client';
import { OrgProvider, useOrg } from './lib/org';
import { useSession } from './lib/session';
import { Empty, Loading } from './lib/states';
import { SignInPage } from './signin/SignInPage';

// One chunk per page: the first load carries only the shell and the sign-in form.
const OverviewPage = lazy(() => import('./overview/OverviewPage'));
const AuditPage = lazy(() => import('./audit/AuditPage'));
const PoliciesPage = lazy(() => import('./policies/PoliciesPage'));
const ForwardingPage = lazy(() => import('./forwarding/ForwardingPage'));
const SettingsPage = lazy(() => import('./settings/SettingsPage'));
const OrganizationsPage = lazy(() => import('./organizations/OrganizationsPage'));

export function App() {
  const { session, expired } = useSession();
  const client = useMemo(() => createClient(expired), [expired, session?.expires_at]);
  if (session === undefined) return <Loading label="Opening the console" />;
  if (session === null) return <SignInPage />;
  return (
    <Provider value={client}>
      <OrgProvider>
        <Shell />
      </OrgProvider>
    </Provider>
  );
}

function Shell() {
  const { session, signOut } = useSession();
  const { org } = useOrg();
  const [opened, { toggle, close }] = useDisclosure();
  const location = useLocation();
  const operator = session?.kind === 'operator';
  const links = [
    { to: '/', label: 'Overview' },
    { to: '/audit', label: 'Audit log' },
    { to: '/policies', label: 'Policies' },
    { to: '/forwarding', label: 'Forwarding' },
    { to: '/settings', label: 'Settings' },
    ...(operator ? [{ to: '/organizations', label: 'Organizations' }] : []),
  ];
  const needsOrg = !org && location.pathname !== '/organizations';
  return (
    <AppShell header={{ height: 56 }} navbar={{ width: 220, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" />
            <Title order={1} size="h4">Preflight</Title>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <Text size="sm" c="dimmed" visibleFrom="xs" data-testid="whoami">
              {operator ? 'Operator' : session?.org_name}
              {operator && org ? ` · ${org}` : ''}
            </Text>
            <Button variant="default" size="xs" onClick={() => void signOut()}>Sign out</Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" component="nav" aria-label="Main">
        <Stack gap={2}>
          {links.map((l) => (
            <NavLink
              key={l.to}
              component={Link}
              to={l.to}
              label={l.label}
              variant="filled"
              active={l.to === '/' ? location.pathname === '/' : location.pathname.startsWith(l.to)}
              onClick={close}
            />
          ))}
        </Stack>
      </AppShell.Navbar>
      <AppShell.Main>
        <main>
          <Suspense fallback={<Loading />}>
            {needsOrg ? (
              <Empty title="Choose an organization">
                The operator sees every organization: pick one under <Link to="/organizations">Organizations</Link>.
              </Empty>
            ) : (
              <Routes>
                <Route path="/" element={<OverviewPage org={org!} />} />
                <Route path="/audit" element={<AuditPage org={org!} operator={operator} />} />
                <Route path="/policies" element={<PoliciesPage org={org!} />} />
                <Route path="/forwarding" element={<ForwardingPage org={org!} />} />
                <Route path="/settings" element={<SettingsPage org={org!} operator={operator} />} />
                {operator && <Route path="/organizations" element={<OrganizationsPage />} />}
                <Route path="*" element={<Empty title="Page not found"><Link to="/">Back to the overview</Link></Empty>} />
              </Routes>
            )}
          </Suspense>
        </main>
      </AppShell.Main>
    </AppShell>
  );
}

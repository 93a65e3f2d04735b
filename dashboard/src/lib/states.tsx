import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { errorMessage } from './client';

/** Loading, error and empty states shared by every page. */
export function Loading({ label = 'Loading' }: { label?: string }) {
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Loader size="sm" aria-hidden />
      <Text ml="sm" c="dimmed">{label}…</Text>
    </Center>
  );
}

export function ErrorState({ error, retry }: { error: unknown; retry?: () => void }) {
  return (
    <Alert color="red" title="Could not load" role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{errorMessage(error)}</Text>
        {retry && <Button size="xs" variant="light" color="red" onClick={retry}>Try again</Button>}
      </Stack>
    </Alert>
  );
}

export function Empty({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Stack align="center" py="xl" gap={4}>
      <Text fw={600}>{title}</Text>
      {children && <Text c="dimmed" size="sm" ta="center">{children}</Text>}
    </Stack>
  );
}

/** Shows the query's state or, once data is there, the content. */
export function QueryState<T>({
  result,
  retry,
  children,
}: {
  result: { data?: T; fetching: boolean; error?: unknown };
  retry?: () => void;
  children: (data: T) => ReactNode;
}) {
  if (result.error && !result.data) return <ErrorState error={result.error} retry={retry} />;
  if (!result.data) return <Loading />;
  return <>{children(result.data)}</>;
}

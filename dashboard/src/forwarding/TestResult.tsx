import { Alert, Text } from '@mantine/core';
import type { TestDestinationMutation } from '../gql/graphql';

type Result = TestDestinationMutation['testForwardingDestination'];

/** What to look at when a test fails, by the kind of failure. */
export function hintFor(r: Result): string {
  const s = r.status_code;
  if (s === 401) return 'The collector did not accept the credential: check the auth header name and value.';
  if (s === 403) return 'The credential is valid but not allowed to write here: check its permissions (index, dataset or token scope).';
  if (s === 404) return 'Nothing answers at that path: check the URL, including the ingest path.';
  if (s != null && s >= 500) return 'The collector failed while receiving: check its health and logs, then test again.';
  if (s != null) return `The collector answered ${s}: check the URL and the collector's expectations.`;
  if (/time/i.test(r.error ?? '')) return 'No answer within the test time-out: check that the collector is reachable from this service and not overloaded.';
  return 'No HTTP answer (DNS, refused connection or TLS): check the host name, port, certificate and firewall.';
}

export function TestResult({ result }: { result: Result }) {
  if (result.ok) {
    return (
      <Alert color="green" title="Test delivered" data-testid="test-result">
        The collector answered {result.status_code} in {result.duration_ms} ms.
      </Alert>
    );
  }
  return (
    <Alert color="red" title="Test failed" data-testid="test-result" role="alert">
      <Text size="sm">
        {result.status_code != null ? `HTTP ${result.status_code}` : 'No answer'}
        {result.error ? `: ${result.error}` : ''} ({result.duration_ms} ms)
      </Text>
      <Text size="sm" fw={600} mt={4}>{hintFor(result)}</Text>
    </Alert>
  );
}

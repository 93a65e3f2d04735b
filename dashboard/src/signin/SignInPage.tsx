import { useState, type FormEvent } from 'react';
import { Alert, Button, Center, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useSession } from '../lib/session';

/** The key is sent once and exchanged for an HttpOnly session cookie; it is never stored in the browser. */
export function SignInPage() {
  const { signIn } = useSession();
  const [key, setKey] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await signIn(key);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder p="xl" w={420} maw="100%">
        <form onSubmit={submit}>
          <Stack>
            <Title order={1} size="h3">Sign in to Preflight</Title>
            <Text size="sm" c="dimmed">Use the operator key or an organization API key.</Text>
            <PasswordInput label="API key" value={key} onChange={(e) => setKey(e.currentTarget.value)} required autoFocus autoComplete="off" />
            {error && <Alert color="red" role="alert">{error}</Alert>}
            <Button type="submit" loading={busy}>Sign in</Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}

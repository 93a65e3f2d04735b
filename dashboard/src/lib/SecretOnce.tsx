import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';

/** A secret shown once (new keys): copy button and a warning that it cannot be shown again. */
export function SecretOnce({ title, secret, onClose }: { title: string; secret: string | null; onClose: () => void }) {
  return (
    <Modal opened={!!secret} onClose={onClose} title={title} size="lg">
      <Stack>
        <Alert color="yellow" title="Shown once">
          Copy it now: the service stores only a hash and cannot show it again.
        </Alert>
        <Code block data-testid="secret-once">{secret}</Code>
        <Group justify="space-between">
          <CopyButton value={secret ?? ''}>
            {({ copied, copy }) => <Button variant="light" onClick={copy}>{copied ? 'Copied' : 'Copy'}</Button>}
          </CopyButton>
          <Button onClick={onClose}>Done</Button>
        </Group>
        <Text size="xs" c="dimmed">Keep it in a secret store; anyone holding it acts with its rights.</Text>
      </Stack>
    </Modal>
  );
}

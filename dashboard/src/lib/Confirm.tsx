import { useState, type ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { errorMessage } from './client';

/** A destructive action behind a confirmation; closes when `onConfirm` succeeds, shows its error otherwise. */
export function Confirm({
  title, action, opened, onClose, onConfirm, children,
}: {
  title: string;
  action: string;
  opened: boolean;
  onClose: () => void;
  onConfirm: () => Promise<{ error?: unknown }>;
  children: ReactNode;
}) {
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setError(null);
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={title}>
      <Stack>
        <Text size="sm">{children}</Text>
        {error != null && <Text c="red" size="sm" role="alert">{errorMessage(error)}</Text>}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>Cancel</Button>
          <Button color="red" loading={busy} onClick={async () => {
            setBusy(true);
            const res = await onConfirm().finally(() => setBusy(false));
            if (res.error) setError(res.error);
            else close();
          }}>{action}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

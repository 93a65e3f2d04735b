import { useState, type ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { errorMessage } from './client';

/**
 * A destructive action on one item behind a confirmation: open while `target` is set; closes when
 * `onConfirm` succeeds, shows its error otherwise; `after` runs either way (a page reloads its list).
 */
export function Confirm<T>({
  title, action, target, onClose, onConfirm, after, children,
}: {
  title: string;
  action: string;
  target: T | null;
  onClose: () => void;
  onConfirm: (target: T) => Promise<{ error?: unknown }>;
  after?: () => void;
  children: (target: T) => ReactNode;
}) {
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setError(null);
    onClose();
  };
  return (
    <Modal opened={target !== null} onClose={close} title={title}>
      <Stack>
        <Text size="sm">{target !== null && children(target)}</Text>
        {error != null && <Text c="red" size="sm" role="alert">{errorMessage(error)}</Text>}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>Cancel</Button>
          <Button color="red" loading={busy} onClick={async () => {
            if (target === null) return;
            setBusy(true);
            const res = await onConfirm(target).finally(() => setBusy(false));
            after?.();
            if (res.error) setError(res.error);
            else close();
          }}>{action}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

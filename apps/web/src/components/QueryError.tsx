import { Alert, Button } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/** A failed load, with the server's message and a retry. */
export function QueryError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  return (
    <Alert color="red" icon={<IconAlertCircle />} title="Could not load this page" role="alert">
      {error.message}
      <Button variant="light" color="red" size="xs" mt="sm" display="block" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}

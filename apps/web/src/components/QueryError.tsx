import { Alert, Button, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { ApiRequestError } from '../lib/api.ts';

/** A failed load, with the server's message and a retry. */
export function QueryError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  return (
    <Alert color="red" icon={<IconAlertCircle />} title="Could not load this page" role="alert">
      {error.message}
      {error instanceof ApiRequestError && error.status >= 500 && error.requestId && (
        <Text size="xs" c="dimmed" mt={4}>
          Reference: {error.requestId}
        </Text>
      )}
      <Button variant="light" color="red" size="xs" mt="sm" display="block" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}

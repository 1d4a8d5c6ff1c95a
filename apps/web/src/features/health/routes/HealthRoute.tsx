import { Badge, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';

interface HealthAnswer {
  status: 'ok' | 'unavailable';
  database: 'pglite' | 'postgres';
}

const DATABASE_NAMES: Record<HealthAnswer['database'], string> = {
  pglite: 'embedded PostgreSQL (PGlite)',
  postgres: 'PostgreSQL',
};

/** The server's own check, read as it is: 200 ok, 503 with the database away, or no answer at all. */
async function readHealth(): Promise<HealthAnswer | null> {
  try {
    const response = await fetch('/api/v1/health', { cache: 'no-store' });
    return (await response.json()) as HealthAnswer;
  } catch {
    return null;
  }
}

/**
 * /health: what `GET /api/v1/health` answers, for a person at a browser (the endpoint itself is for
 * monitors and load balancers). Public: it says only whether the server and its database answer.
 */
export function HealthRoute() {
  const health = useQuery({ queryKey: ['health'], queryFn: readHealth, refetchInterval: 10_000 });
  const answer = health.data;
  const serverUp = answer != null;
  const databaseUp = answer?.status === 'ok';
  return (
    <Center mih="60vh">
      <Paper withBorder p="lg" radius="md" miw={320}>
        <Stack gap="sm">
          <Title order={1} fz="h3">
            System status
          </Title>
          {health.isPending ? (
            <Text c="dimmed">Checking…</Text>
          ) : (
            <>
              <Group justify="space-between">
                <Text>Server</Text>
                <Badge color={serverUp ? 'teal' : 'red'}>{serverUp ? 'Answering' : 'Not answering'}</Badge>
              </Group>
              <Group justify="space-between">
                <Text>Database{answer ? `: ${DATABASE_NAMES[answer.database]}` : ''}</Text>
                <Badge color={databaseUp ? 'teal' : 'red'}>
                  {databaseUp ? 'Answering' : 'Not answering'}
                </Badge>
              </Group>
            </>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}

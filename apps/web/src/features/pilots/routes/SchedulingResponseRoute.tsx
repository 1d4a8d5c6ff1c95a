import { PILOT_MESSAGES } from '@linewalker/domain';
import { Alert, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowRight } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { Brand, PRODUCT_NAME } from '../../../components/Brand.tsx';
import { isApiError } from '../../../lib/api.ts';
import { useAnswerScheduling, useSchedulingDetails } from '../api/schedulingResponse.ts';

const usDate = (day: string | null) =>
  day ? `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}` : '—';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={500}>{children}</Text>
    </Stack>
  );
}

/** Why a link takes no answer, in words for the pilot. */
function closedMessage(error: unknown): string {
  if (isApiError(error, 'used_token')) return PILOT_MESSAGES.tokenUsed;
  if (isApiError(error, 'expired_token')) return PILOT_MESSAGES.tokenExpired;
  return PILOT_MESSAGES.responseFailed;
}

/** The body of the page for a token: the request, the question, then Loading… / Saved / 'Error Occured'. */
function SchedulingAnswer({ token }: { token: string }) {
  const details = useSchedulingDetails(token);
  const answer = useAnswerScheduling(token);

  if (details.isPending) return <Loader aria-label="Loading" />;
  if (details.isError) {
    return (
      <Alert color="red" title={PILOT_MESSAGES.responseFailed}>
        {isApiError(details.error, 'not_found') ? PILOT_MESSAGES.tokenUnknown : details.error.message}
      </Alert>
    );
  }
  const d = details.data;
  // A link answered before this page was opened: it says so and shows nothing more of the project.
  if (d.state === 'answered' && !answer.isSuccess) {
    return (
      <Alert color="blue" w="100%">
        {PILOT_MESSAGES.tokenUsed} Your answer: {d.accepted ? 'Yes' : 'No'}.
      </Alert>
    );
  }
  return (
    <Stack gap="md" w="100%">
      <Field label="Project name">{d.project_name ?? '—'}</Field>
      <Field label="Project Location">{d.closest_city ?? '—'}</Field>
      <Group gap="sm" align="flex-end" justify="center">
        <Field label="Start Date">{usDate(d.start_date)}</Field>
        <IconArrowRight aria-label="to" size={18} />
        <Field label="Due Date">{usDate(d.due_date)}</Field>
      </Group>
      {d.state === 'expired' && <Alert color="yellow">{PILOT_MESSAGES.tokenExpired}</Alert>}
      {d.state === 'open' && answer.isIdle && (
        <>
          <Text fw={500}>{PILOT_MESSAGES.responseQuestion}</Text>
          <Group justify="center">
            <Button variant="default" onClick={() => answer.mutate(false)}>
              No
            </Button>
            <Button onClick={() => answer.mutate(true)}>Yes</Button>
          </Group>
        </>
      )}
      {answer.isPending && <Text aria-live="polite">Loading...</Text>}
      {answer.isSuccess && (
        <Text c="teal" fw={600} aria-live="polite">
          Saved
        </Text>
      )}
      {answer.isError && (
        <Stack gap={4} aria-live="polite">
          <Text c="red" fw={600}>
            {PILOT_MESSAGES.responseFailed}
          </Text>
          {closedMessage(answer.error) !== PILOT_MESSAGES.responseFailed && (
            <Text size="sm" c="dimmed">
              {closedMessage(answer.error)}
            </Text>
          )}
        </Stack>
      )}
    </Stack>
  );
}

/** The public page pilots reach from a scheduling text message (spec 3 §2 'Scheduling response page'). */
export function SchedulingResponseRoute() {
  useDocumentTitle(`Scheduling Response · ${PRODUCT_NAME}`);
  const [params] = useSearchParams();
  const token = params.get('token');
  return (
    <Center mih="80vh" p="md">
      <Paper withBorder shadow="sm" radius="md" p="xl" w="100%" maw={480}>
        <Stack gap="md" align="center" ta="center">
          <Brand size="lg" />
          <Title order={1} fz="h3">
            Scheduling Response
          </Title>
          {token ? (
            <SchedulingAnswer token={token} />
          ) : (
            <Alert color="red" w="100%">
              {PILOT_MESSAGES.tokenUnknown}
            </Alert>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}

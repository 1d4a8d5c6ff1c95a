import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Brand, PRODUCT_NAME } from '../../../components/Brand.tsx';

/** The public page pilots reach from a scheduling request (spec 3 §2); its answer form comes later. */
export function SchedulingResponseRoute() {
  useDocumentTitle(`Scheduling Response · ${PRODUCT_NAME}`);
  return (
    <Center mih="80vh" p="md">
      <Paper withBorder shadow="sm" radius="md" p="xl" w="100%" maw={480}>
        <Stack gap="md" align="center" ta="center">
          <Brand size="lg" />
          <Title order={1} fz="h3">
            Scheduling Response
          </Title>
          <Text c="dimmed">
            Answering scheduling requests is coming soon. Until then, please reply to the project manager who
            contacted you.
          </Text>
        </Stack>
      </Paper>
    </Center>
  );
}

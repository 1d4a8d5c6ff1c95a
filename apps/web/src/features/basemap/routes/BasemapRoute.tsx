import { Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMapOff, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { QueryError } from '../../../components/QueryError.tsx';
import { ApiRequestError } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/queryKeys.ts';
import { removeBasemapExtract, useBasemapExtract } from '../api/basemap.ts';
import { BasemapExtractDetails } from '../components/BasemapExtractDetails.tsx';
import { BasemapUpload } from '../components/BasemapUpload.tsx';

/**
 * /admin/basemap (super admins): the regional map extract this server hosts, which every map shows as
 * Streets, so an install without internet still has streets. Upload, replace or remove it.
 */
export function BasemapRoute() {
  const queryClient = useQueryClient();
  const extract = useBasemapExtract();
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation({
    mutationFn: removeBasemapExtract,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.basemapExtract }),
        queryClient.invalidateQueries({ queryKey: queryKeys.config }),
      ]);
      notifications.show({ message: 'The extract was removed. Maps use the public Streets map again.' });
    },
    onError: (err) =>
      notifications.show({
        color: 'red',
        message: err instanceof ApiRequestError ? err.message : 'The extract could not be removed.',
      }),
  });

  return (
    <>
      <PageHeader
        title="Basemap"
        description="A map extract of your region, hosted by this server: every map shows it as Streets, with or without internet."
      />
      <Paper withBorder p="md" radius="md">
        <Stack gap="md">
          <Title order={2} fz="h4">
            Extract in use
          </Title>
          {extract.isPending ? (
            <Skeleton h={220} />
          ) : extract.isError ? (
            <QueryError error={extract.error} onRetry={() => extract.refetch()} />
          ) : extract.data ? (
            <BasemapExtractDetails extract={extract.data} />
          ) : (
            <EmptyState icon={<IconMapOff size={24} />} title="No extract uploaded">
              Streets comes from the public map service when it can be reached, otherwise maps show the
              offline map. Upload a .pmtiles extract of your region to have streets without internet.
            </EmptyState>
          )}
          {extract.isSuccess && (
            <Group align="flex-start" justify="space-between">
              <BasemapUpload replacing={extract.data !== null} />
              {extract.data && (
                <Button
                  color="red"
                  variant="outline"
                  leftSection={<IconTrash size={16} />}
                  loading={remove.isPending}
                  onClick={() => setConfirming(true)}
                >
                  Remove extract
                </Button>
              )}
            </Group>
          )}
          <Text size="sm" c="dimmed">
            A PMTiles archive (version 3) of vector tiles (OpenMapTiles or Protomaps layers) or of PNG, JPEG
            or WebP images, such as one cut for your region with the pmtiles command-line tool.
          </Text>
        </Stack>
      </Paper>
      <ConfirmDialog
        opened={confirming}
        title="Remove the extract?"
        message="Maps will use the public Streets map again, or the offline map when it cannot be reached. The file is deleted from this server."
        confirmLabel="Remove"
        cancelLabel="Cancel"
        destructive
        onConfirm={() => {
          setConfirming(false);
          remove.mutate();
        }}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}

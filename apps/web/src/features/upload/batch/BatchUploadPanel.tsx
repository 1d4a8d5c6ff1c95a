import {
  shortenFileName,
  UPLOAD_TABS,
  type UploadTab,
  uploadTabCounts,
  uploadTabOf,
} from '@linewalker/domain';
import {
  ActionIcon,
  Affix,
  Alert,
  Box,
  Button,
  Group,
  Loader,
  Paper,
  Progress,
  Stack,
  Tabs,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconChevronDown, IconCloudUpload, IconWifiOff } from '@tabler/icons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef, useState } from 'react';
import { formatCount } from '../../../lib/format.ts';
import { progressOf, type UploadItem, type UploadState } from './uploadTypes.ts';

const TAB_COLOR: Record<Exclude<UploadTab, 'All'>, string> = {
  Pending: 'gray',
  Uploading: 'blue',
  Complete: 'green',
  Failed: 'red',
};

const ROW_HEIGHT = 54;
/** Up to this many rows are drawn as they are; longer lists draw only the rows in view. */
const PLAIN_ROWS = 60;

function UploadRow({ item }: { item: UploadItem }) {
  const tab = uploadTabOf(item.status);
  return (
    <Stack
      gap={4}
      px="sm"
      py={6}
      h={ROW_HEIGHT}
      data-testid="upload-row"
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" truncate="end" title={item.path} ff="monospace" fz="xs">
          {shortenFileName(item.name)}
        </Text>
        <Text
          size="xs"
          c={TAB_COLOR[tab]}
          fw={600}
          style={{ whiteSpace: 'nowrap' }}
          data-testid="upload-status"
        >
          {item.status}
        </Text>
      </Group>
      <Progress
        value={item.pct}
        size="sm"
        color={TAB_COLOR[tab]}
        aria-label={`${item.name} progress`}
        animated={tab === 'Uploading'}
      />
    </Stack>
  );
}

/**
 * The list's height: 280 px on a tall window, less on a short one, so that the floating panel never
 * covers the page's own controls above the map (the Upload Images button among them).
 */
const LIST_HEIGHT = 'clamp(112px, calc(100vh - 600px), 280px)';

function UploadList({ items }: { items: readonly UploadItem[] }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    // Before the first measurement (and in tests without layout) assume the list's own height.
    initialRect: { width: 400, height: 280 },
  });
  if (items.length <= PLAIN_ROWS && items.length > 0) {
    return (
      <Box
        style={{ maxHeight: LIST_HEIGHT, overflowY: 'auto' }}
        role="list"
        aria-label="Photos of this upload"
      >
        {items.map((item) => (
          <Box key={item.id} role="listitem">
            <UploadRow item={item} />
          </Box>
        ))}
      </Box>
    );
  }
  if (items.length === 0) {
    return (
      <Text size="sm" c="dimmed" ta="center" py="lg">
        No photos here.
      </Text>
    );
  }
  return (
    <Box
      ref={scrollRef}
      style={{ height: LIST_HEIGHT, overflowY: 'auto' }}
      role="list"
      aria-label="Photos of this upload"
    >
      <Box h={virtualizer.getTotalSize()} pos="relative">
        {virtualizer.getVirtualItems().map((row) => {
          const item = items[row.index] as UploadItem;
          return (
            <Box
              key={item.id}
              role="listitem"
              pos="absolute"
              top={0}
              left={0}
              w="100%"
              style={{ transform: `translateY(${row.start}px)` }}
            >
              <UploadRow item={item} />
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}

/**
 * The Batch Upload panel (spec 2 §2, §4): overall progress, tabs All / Pending / Uploading / Complete /
 * Failed with counts, and a virtualised row per file. It floats over the page so the user can keep
 * working; it opens by default and opens again when a new batch starts.
 */
export function BatchUploadPanel({ state, onStop }: { state: UploadState; onStop: () => void }) {
  const [hiddenBatch, setHiddenBatch] = useState<number | null>(null);
  const [tab, setTab] = useState<UploadTab>('All');
  const counts = useMemo(() => uploadTabCounts(state.items.map((i) => i.status)), [state.items]);
  const shown = useMemo(
    () => (tab === 'All' ? state.items : state.items.filter((item) => uploadTabOf(item.status) === tab)),
    [state.items, tab],
  );
  if (state.batchId === 0 || state.items.length === 0) return null;
  const progress = progressOf(state);
  const skipped = state.items.filter((item) => item.alreadyUploaded).length;
  // Skipped files (already in the project) are counted under Complete.
  const done = counts.Complete;
  const open = hiddenBatch !== state.batchId;

  if (!open) {
    return (
      <Affix position={{ bottom: 16, right: 16 }} zIndex={150}>
        <Button
          leftSection={state.running ? <Loader size={14} color="white" /> : <IconCloudUpload size={16} />}
          onClick={() => setHiddenBatch(null)}
          aria-label={`Show Batch Upload, ${progress}%`}
        >
          Batch Upload · {progress}%
        </Button>
      </Affix>
    );
  }

  return (
    <Affix position={{ bottom: 16, right: 16 }} zIndex={150}>
      <Paper
        withBorder
        shadow="lg"
        radius="md"
        w={{ base: 'calc(100vw - 32px)', sm: 440 }}
        role="region"
        aria-label="Batch Upload"
      >
        <Stack gap="xs" p="sm" pb={0}>
          <Group justify="space-between" wrap="nowrap">
            <Group gap="xs">
              <Text fw={700}>Batch Upload</Text>
              {state.running && <Loader size={14} aria-label="Uploading" />}
            </Group>
            <Group gap={4} wrap="nowrap">
              {state.running && (
                <Button size="compact-xs" variant="subtle" color="red" onClick={onStop}>
                  Stop uploading
                </Button>
              )}
              <Tooltip label="Hide">
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  onClick={() => setHiddenBatch(state.batchId)}
                  aria-label="Hide Batch Upload"
                >
                  <IconChevronDown size={18} />
                </ActionIcon>
              </Tooltip>
            </Group>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <Progress
              value={progress}
              size="lg"
              style={{ flex: 1 }}
              aria-label="Upload progress"
              color={progress === 100 ? 'green' : 'blue'}
            />
            <Text size="sm" fw={600} w={48} ta="right" data-testid="upload-progress">
              {progress}%
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            {formatCount(done)} of {formatCount(counts.All)} photos done
            {skipped > 0 ? ` · ${formatCount(skipped)} already uploaded` : ''}
            {counts.Failed > 0 ? ` · ${formatCount(counts.Failed)} failed` : ''}
          </Text>
          {state.waitingForNetwork && (
            <Alert color="yellow" icon={<IconWifiOff size={16} />} p="xs" role="status">
              Waiting for network… The upload goes on by itself when the connection is back.
            </Alert>
          )}
        </Stack>
        <Tabs value={tab} onChange={(value) => setTab((value as UploadTab) ?? 'All')} mt="xs">
          <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}>
            {UPLOAD_TABS.map((name) => (
              <Tabs.Tab key={name} value={name} px={8} py={8}>
                <Text size="xs" fw={600} style={{ whiteSpace: 'nowrap' }}>
                  {name}{' '}
                  <Text span size="xs" fw={700} c={name === 'All' ? undefined : TAB_COLOR[name]}>
                    {formatCount(counts[name])}
                  </Text>
                </Text>
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
        <UploadList items={shown} />
      </Paper>
    </Affix>
  );
}

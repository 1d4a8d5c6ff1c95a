import { Box, Button, Group, Stack, Text } from '@mantine/core';
import { IconFolder, IconPhoto, IconUpload } from '@tabler/icons-react';
import { type DragEvent, useRef, useState } from 'react';
import { filesFromDataTransfer, filesFromInput } from './collectFiles.ts';
import type { DroppedFile } from './uploadTypes.ts';

/** A folder picker: `webkitdirectory` is not in React's input props. */
const folderInputProps = { webkitdirectory: '', directory: '' } as Record<string, string>;

/**
 * Where photos are dropped or chosen: files or whole folders (walked recursively), by drag and drop
 * or with the two pickers (keyboard users).
 */
export function DropArea({ onFiles }: { onFiles: (files: DroppedFile[]) => void }) {
  const [over, setOver] = useState(false);
  const [reading, setReading] = useState(false);
  const filesInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);

  const onDrop = async (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    setReading(true);
    try {
      onFiles(await filesFromDataTransfer(event.dataTransfer));
    } finally {
      setReading(false);
    }
  };

  return (
    <Box
      data-testid="upload-drop-area"
      onDragOver={(event) => {
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      p="lg"
      style={{
        border: `2px dashed var(--mantine-color-${over ? 'blue-6' : 'gray-4'})`,
        borderRadius: 'var(--mantine-radius-md)',
        background: over ? 'var(--mantine-color-blue-light)' : undefined,
      }}
    >
      <Stack align="center" gap="xs">
        <IconUpload size={32} aria-hidden color="var(--mantine-color-dimmed)" />
        <Text fw={600} ta="center">
          {reading ? 'Reading the folder…' : 'Drag photos or a folder here'}
        </Text>
        <Text size="sm" c="dimmed" ta="center">
          JPEG and PNG photos; folders are searched for photos inside them.
        </Text>
        <Group gap="xs" justify="center">
          <Button
            variant="default"
            size="xs"
            leftSection={<IconPhoto size={14} />}
            onClick={() => filesInput.current?.click()}
          >
            Choose Photos
          </Button>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconFolder size={14} />}
            onClick={() => folderInput.current?.click()}
          >
            Choose Folder
          </Button>
        </Group>
      </Stack>
      <input
        ref={filesInput}
        type="file"
        multiple
        accept=".jpg,.jpeg,.png,image/jpeg,image/png"
        hidden
        data-testid="upload-files-input"
        onChange={(event) => {
          if (event.currentTarget.files) onFiles(filesFromInput(event.currentTarget.files));
          event.currentTarget.value = '';
        }}
      />
      <input
        ref={folderInput}
        type="file"
        multiple
        hidden
        data-testid="upload-folder-input"
        {...folderInputProps}
        onChange={(event) => {
          if (event.currentTarget.files) onFiles(filesFromInput(event.currentTarget.files));
          event.currentTarget.value = '';
        }}
      />
    </Box>
  );
}

import { AI_MESSAGES, AI_UPLOAD_STATUS, isAiImagePath } from '@linewalker/domain';
import { Alert, Box, Button, Group, Modal, Progress, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { type DragEvent, useRef, useState } from 'react';
import { type AiUploadItem, pendingItem, runAiUploads } from '../upload/aiUploadQueue.ts';

interface Picked {
  file: File;
  path: string;
}

async function readEntries(reader: FileSystemDirectoryReader): Promise<FileSystemEntry[]> {
  const all: FileSystemEntry[] = [];
  for (;;) {
    const page = await new Promise<FileSystemEntry[]>((resolve, reject) =>
      reader.readEntries(resolve, reject),
    );
    if (page.length === 0) return all;
    all.push(...page);
  }
}

/** A dropped entry's files, folders scanned recursively. */
async function walk(entry: FileSystemEntry, path: string, out: Picked[]): Promise<void> {
  const here = path ? `${path}/${entry.name}` : entry.name;
  if (entry.isFile) {
    const file = await new Promise<File>((resolve, reject) =>
      (entry as FileSystemFileEntry).file(resolve, reject),
    );
    out.push({ file, path: here });
  } else if (entry.isDirectory) {
    for (const child of await readEntries((entry as FileSystemDirectoryEntry).createReader())) {
      await walk(child, here, out);
    }
  }
}

async function droppedFiles(data: DataTransfer): Promise<Picked[]> {
  const entries = Array.from(data.items ?? [])
    .filter((i) => i.kind === 'file')
    .map((i) => i.webkitGetAsEntry?.() ?? null);
  if (entries.length > 0 && entries.every((e) => e !== null)) {
    const out: Picked[] = [];
    for (const e of entries) await walk(e as FileSystemEntry, '', out);
    return out;
  }
  return Array.from(data.files).map((file) => ({ file, path: file.name }));
}

interface Props {
  modelId: number;
  opened: boolean;
  onClose: () => void;
  /** An upload runs (the page warns before it is left). */
  onRunning: (running: boolean) => void;
  /** Registers how to stop the running upload ('Stop uploading'). */
  stopRef: React.MutableRefObject<(() => void) | null>;
  onUploaded: () => void;
}

/** Upload Images (spec 3 §2, §4): drag and drop or pick files and folders; two at a time with their statuses. */
export function UploadImagesModal({ modelId, opened, onClose, onRunning, stopRef, onUploaded }: Props) {
  const [picked, setPicked] = useState<Picked[]>([]);
  const [items, setItems] = useState<AiUploadItem[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const filesInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);

  const take = (files: Picked[]) => {
    const valid = files.filter((f) => isAiImagePath(f.path));
    if (valid.length === 0) {
      setMessage(AI_MESSAGES.noValidImages);
      return;
    }
    setMessage(null);
    setPicked(valid);
    setItems(valid.map((f) => pendingItem(f.file.name)));
  };
  const fromInput = (list: FileList | null) =>
    take(Array.from(list ?? []).map((file) => ({ file, path: file.webkitRelativePath || file.name })));
  const onDrop = async (e: DragEvent) => {
    e.preventDefault();
    if (!running) take(await droppedFiles(e.dataTransfer));
  };

  const start = async () => {
    if (picked.length === 0) {
      setMessage(AI_MESSAGES.atLeastOne);
      return;
    }
    const controller = new AbortController();
    stopRef.current = () => controller.abort();
    setRunning(true);
    onRunning(true);
    try {
      await runAiUploads(
        modelId,
        picked,
        (index, patch) => setItems((all) => all.map((it, i) => (i === index ? { ...it, ...patch } : it))),
        controller.signal,
      );
    } finally {
      stopRef.current = null;
      setRunning(false);
      onRunning(false);
      setPicked([]);
      onUploaded();
    }
  };

  const done = items.filter((i) => i.status === AI_UPLOAD_STATUS.complete).length;
  const failed = items.filter((i) => i.status.startsWith('Failed')).length;
  const close = () => {
    if (running) return;
    setItems([]);
    setPicked([]);
    setMessage(null);
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title="Upload Images" size="lg" closeOnClickOutside={!running}>
      <Stack>
        <Box
          onDragOver={(e) => e.preventDefault()}
          onDrop={onDrop}
          data-testid="ai-upload-drop"
          p="lg"
          style={{ border: '2px dashed var(--mantine-color-gray-5)', borderRadius: 8, textAlign: 'center' }}
        >
          <Text>Drag and drop .jpg, .jpeg or .png images or folders here</Text>
          <Group justify="center" mt="sm">
            <Button variant="default" disabled={running} onClick={() => filesInput.current?.click()}>
              Choose Files
            </Button>
            <Button variant="default" disabled={running} onClick={() => folderInput.current?.click()}>
              Choose Folder
            </Button>
          </Group>
          <input
            ref={filesInput}
            type="file"
            multiple
            accept=".jpg,.jpeg,.png"
            hidden
            data-testid="ai-upload-files"
            onChange={(e) => fromInput(e.currentTarget.files)}
          />
          <input
            ref={folderInput}
            type="file"
            hidden
            data-testid="ai-upload-folder"
            {...{ webkitdirectory: '', directory: '' }}
            onChange={(e) => fromInput(e.currentTarget.files)}
          />
        </Box>
        {message && (
          <Alert color="red" role="alert">
            {message}
          </Alert>
        )}
        {items.length > 0 && (
          <>
            <Text size="sm">
              {items.length} images · {done} complete · {failed} failed
            </Text>
            <ScrollArea.Autosize mah={320}>
              <Table aria-label="Upload items">
                <Table.Tbody>
                  {items.map((it, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: one row per picked file, in order.
                    <Table.Tr key={i} data-status={it.status}>
                      <Table.Td>{it.name}</Table.Td>
                      <Table.Td w={120}>
                        <Progress
                          value={it.percent}
                          color={it.status.startsWith('Failed') ? 'red' : 'blue'}
                        />
                      </Table.Td>
                      <Table.Td w={220}>{it.status}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={running}>
            Close
          </Button>
          <Button onClick={start} loading={running} disabled={running}>
            Upload
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

import { Alert, Button, FileButton, Group, Progress, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ApiRequestError } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/queryKeys.ts';
import { uploadBasemapExtract } from '../api/basemap.ts';

type UploadState =
  | { step: 'idle' }
  | { step: 'sending'; name: string; percent: number }
  | { step: 'checking'; name: string };

/** Why a file was refused before anything was sent; null when it may go. */
function refusal(file: File): string | null {
  if (!file.name.toLowerCase().endsWith('.pmtiles'))
    return `${file.name} is not a .pmtiles file. Choose a PMTiles map extract.`;
  if (file.size === 0) return `${file.name} is empty.`;
  return null;
}

const messageOf = (err: unknown): string =>
  err instanceof ApiRequestError || err instanceof Error ? err.message : 'The upload failed.';

/**
 * Upload (or replace) the extract: the file goes to storage with a progress bar, then the server reads it
 * as a PMTiles archive; a refusal says why, and the extract in use stays.
 */
export function BasemapUpload({ replacing }: { replacing: boolean }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<UploadState>({ step: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const send = async (file: File | null) => {
    if (!file) return;
    setError(null);
    const refused = refusal(file);
    if (refused) {
      setError(refused);
      return;
    }
    const controller = new AbortController();
    abort.current = controller;
    setState({ step: 'sending', name: file.name, percent: 0 });
    try {
      await uploadBasemapExtract(
        file,
        (percent) =>
          setState(
            percent >= 100
              ? { step: 'checking', name: file.name }
              : { step: 'sending', name: file.name, percent },
          ),
        controller.signal,
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.basemapExtract }),
        queryClient.invalidateQueries({ queryKey: queryKeys.config }),
      ]);
      notifications.show({ color: 'green', message: `${file.name} is now the Streets basemap.` });
    } catch (err) {
      if (!controller.signal.aborted) setError(messageOf(err));
    } finally {
      abort.current = null;
      setState({ step: 'idle' });
    }
  };

  const label = replacing ? 'Replace extract' : 'Upload extract';
  return (
    <Stack gap="sm">
      {state.step === 'idle' ? (
        <Group>
          <FileButton onChange={send} accept=".pmtiles,application/vnd.pmtiles">
            {(props) => (
              <Button
                {...props}
                leftSection={<IconUpload size={16} />}
                variant={replacing ? 'default' : 'filled'}
              >
                {label}
              </Button>
            )}
          </FileButton>
        </Group>
      ) : (
        <Stack gap={6} data-testid="basemap-upload-progress">
          <Text size="sm">
            {state.step === 'sending'
              ? `Uploading ${state.name}: ${state.percent} %`
              : `Checking ${state.name}…`}
          </Text>
          <Progress
            value={state.step === 'sending' ? state.percent : 100}
            animated={state.step === 'checking'}
            aria-label={`Upload of ${state.name}`}
          />
          {state.step === 'sending' && (
            <Group>
              <Button variant="default" size="xs" onClick={() => abort.current?.abort()}>
                Cancel upload
              </Button>
            </Group>
          )}
        </Stack>
      )}
      {error && (
        <Alert
          color="red"
          icon={<IconAlertCircle size={18} />}
          title="The extract was not used"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setError(null)}
          role="alert"
        >
          {error}
          {replacing && ' The extract in use stays.'}
        </Alert>
      )}
    </Stack>
  );
}

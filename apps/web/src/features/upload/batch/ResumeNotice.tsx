import { Alert, Anchor, Button, Group, List, Stack, Text } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useState } from 'react';
import { formatCount } from '../../../lib/format.ts';
import type { StoredFile } from './persistence.ts';

const LISTED = 50;

/** The last upload of this project that did not finish (kept in the browser across reloads). */
export function ResumeNotice({
  files,
  onResume,
  onForget,
}: {
  files: readonly StoredFile[];
  onResume?: () => void;
  onForget: () => void;
}) {
  const [showNames, setShowNames] = useState(false);
  const n = files.length;
  return (
    <Alert color="yellow" icon={<IconHistory size={18} />} p="sm" data-testid="upload-resume-notice">
      <Stack gap={6}>
        <Text size="sm" fw={600}>
          {formatCount(n)} {n === 1 ? 'photo' : 'photos'} from your last upload did not finish. Drop the same
          folder again to send only those.
        </Text>
        {showNames && (
          <List size="xs" spacing={0} ff="monospace">
            {files.slice(0, LISTED).map((f) => (
              <List.Item key={f.identity}>{f.name}</List.Item>
            ))}
            {n > LISTED && <List.Item>and {formatCount(n - LISTED)} more</List.Item>}
          </List>
        )}
        <Group gap="xs">
          {onResume && (
            <Button size="compact-sm" onClick={onResume}>
              Resume upload
            </Button>
          )}
          <Anchor component="button" type="button" size="sm" onClick={() => setShowNames((v) => !v)}>
            {showNames ? 'Hide the photos' : 'Which photos?'}
          </Anchor>
          <Anchor component="button" type="button" size="sm" c="dimmed" onClick={onForget}>
            Forget them
          </Anchor>
        </Group>
      </Stack>
    </Alert>
  );
}

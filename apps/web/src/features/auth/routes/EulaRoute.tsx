import { Anchor, Center, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { paths } from '../../../config/paths.ts';

/** /eula leaves the app for the licence PDF (spec 1 §2); `replace` keeps Back from looping here. */
export function EulaRoute() {
  useEffect(() => {
    window.location.replace(paths.eulaPdf.getHref());
  }, []);
  return (
    <Center mih="60vh">
      <Stack align="center" gap="xs">
        <Text>Opening the End User License Agreement…</Text>
        <Anchor href={paths.eulaPdf.getHref()}>Open the PDF</Anchor>
      </Stack>
    </Center>
  );
}

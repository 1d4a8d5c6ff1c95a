import { Center, Loader } from '@mantine/core';

export function FullPageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Center mih="60vh" role="status" aria-label={label}>
      <Loader />
    </Center>
  );
}

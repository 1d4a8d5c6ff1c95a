import { Stack, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';

export function EmptyState({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <Stack align="center" gap="xs" py="xl" ta="center">
      <ThemeIcon size={48} radius="xl" variant="light" color="gray" aria-hidden>
        {icon}
      </ThemeIcon>
      <Text fw={600}>{title}</Text>
      {/* A div, not a p: some states put a button or a list under the sentence. */}
      <Text component="div" c="dimmed" size="sm" maw={420}>
        {children}
      </Text>
    </Stack>
  );
}

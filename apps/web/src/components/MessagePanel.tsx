import { Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { PRODUCT_NAME } from './Brand.tsx';

interface MessagePanelProps {
  title: string;
  icon: ReactNode;
  color?: string;
  children: ReactNode;
  /** Buttons or links under the text. */
  actions?: ReactNode;
}

/** A centred card with a heading, used for 'coming soon', 'not found' and 'no access' pages. */
export function MessagePanel({ title, icon, color = 'blue', children, actions }: MessagePanelProps) {
  useDocumentTitle(`${title} · ${PRODUCT_NAME}`);
  return (
    <Center py="xl" px="md">
      <Paper withBorder shadow="xs" p="xl" radius="md" maw={560} w="100%">
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light" color={color} aria-hidden>
            {icon}
          </ThemeIcon>
          <Title order={1} fz="h2">
            {title}
          </Title>
          <Text c="dimmed">{children}</Text>
          {actions}
        </Stack>
      </Paper>
    </Center>
  );
}

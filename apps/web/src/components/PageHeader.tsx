import { Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { PRODUCT_NAME } from './Brand.tsx';

interface PageHeaderProps {
  title: string;
  description?: ReactNode;
  /** Controls on the right, such as a refresh button. */
  actions?: ReactNode;
}

export function PageHeader({ title, description, actions }: PageHeaderProps) {
  useDocumentTitle(`${title} · ${PRODUCT_NAME}`);
  return (
    <Group justify="space-between" align="flex-end" mb="md" wrap="wrap">
      <Stack gap={4}>
        <Title order={1} fz="h2">
          {title}
        </Title>
        {description && <Text c="dimmed">{description}</Text>}
      </Stack>
      {actions}
    </Group>
  );
}

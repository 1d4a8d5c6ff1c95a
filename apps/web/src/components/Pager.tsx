import { Group, Pagination, Text } from '@mantine/core';

interface PagerProps {
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
}

/** 'Showing 1–50 of 120' with page buttons; hidden buttons when everything fits on one page. */
export function Pager({ page, pageSize, total, onChange }: PagerProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <Group justify="space-between" mt="md" wrap="wrap">
      <Text size="sm" c="dimmed" aria-live="polite">
        Showing {first}–{last} of {total}
      </Text>
      {pages > 1 && (
        <Pagination
          total={pages}
          value={Math.min(page, pages)}
          onChange={onChange}
          getControlProps={(control) => ({ 'aria-label': `${control} page` })}
        />
      )}
    </Group>
  );
}

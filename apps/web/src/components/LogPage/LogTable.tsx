import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

interface LogTableProps {
  headers: readonly string[];
  minWidth: number;
  highlightOnHover?: boolean;
  /** The body rows. */
  children: ReactNode;
}

/** The scrollable striped table both admin logs use; each log supplies its headers and rows. */
export function LogTable({ headers, minWidth, highlightOnHover, children }: LogTableProps) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped highlightOnHover={highlightOnHover} verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            {headers.map((header) => (
              <Table.Th key={header}>{header}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

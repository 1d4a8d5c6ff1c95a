import { ActionIcon, Popover, Stack, Table, Text } from '@mantine/core';
import { IconKeyboard } from '@tabler/icons-react';

const ROWS: Array<[string, string]> = [
  ['2D pan', 'Right mouse button + drag'],
  ['2D zoom', 'Middle mouse button + drag up / down, or the wheel'],
  ['3D pan', 'Right mouse button + drag'],
  ['3D rotate', 'Left mouse button + drag'],
  ['3D zoom', 'Middle mouse button + drag'],
  ['Confirm a markup', 'Enter / Return'],
  ['Cancel a markup', 'Escape'],
  ['Previous / next photo', '← / → (they pan a zoomed-in photo)'],
  ['Finish a polygon', 'Double-click'],
];

/** The keyboard and mouse shortcuts help (spec 2 §2 'Shortcuts help'). */
export function ShortcutsPanel() {
  return (
    <Popover width={380} position="bottom-end" withArrow zIndex={350}>
      <Popover.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Keyboard shortcuts">
          <IconKeyboard size={20} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap={6}>
          <Text fw={600} size="sm">
            Shortcuts
          </Text>
          <Table fz="xs" withRowBorders={false}>
            <Table.Tbody>
              {ROWS.map(([what, how]) => (
                <Table.Tr key={what}>
                  <Table.Td fw={500}>{what}</Table.Td>
                  <Table.Td>{how}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

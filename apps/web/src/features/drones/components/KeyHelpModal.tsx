import { Kbd, Modal, Table } from '@mantine/core';
import { memo } from 'react';

const KEY_HELP: [string, string][] = [
  ['Q / E', 'Yaw left / right (hold)'],
  ['W / S', 'Forward / reverse (hold)'],
  ['A / D', 'Left / right (hold)'],
  ['R / C', 'Ascend / descend (hold)'],
  ['P', 'Take-Off, or Land when airborne (hold to confirm)'],
  ['H', 'Head Home (hold to confirm)'],
  ['Space', 'Tap to capture an image, hold to record'],
  ['?', 'This list'],
];

/** The console's keys (the `?` key and the Keys button open it). */
export const KeyHelpModal = memo(function KeyHelpModal({
  opened,
  onClose,
}: {
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Keyboard">
      <Table>
        <Table.Tbody>
          {KEY_HELP.map(([k, what]) => (
            <Table.Tr key={k}>
              <Table.Td>
                <Kbd>{k}</Kbd>
              </Table.Td>
              <Table.Td>{what}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Modal>
  );
});

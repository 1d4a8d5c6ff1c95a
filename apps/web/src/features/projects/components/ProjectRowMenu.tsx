import { ActionIcon, Menu } from '@mantine/core';
import { IconArchive, IconArchiveOff, IconDots, IconPencil } from '@tabler/icons-react';
import { useRef, useState } from 'react';

interface ProjectRowMenuProps {
  projectName: string;
  /** On the Archived filter the menu offers Unarchive Project instead of Edit and Archive (spec 1 §2). */
  archivedView: boolean;
  onEdit: () => void;
  onArchive: () => void;
  onUnarchive: () => void;
}

/**
 * The row action menu. Until first used it is only a button: a Mantine Menu per row (positioning,
 * focus trap, transitions) made every sort or scroll of the list mount two dozen of them for nothing.
 */
export function ProjectRowMenu({
  projectName,
  archivedView,
  onEdit,
  onArchive,
  onUnarchive,
}: ProjectRowMenuProps) {
  const [used, setUsed] = useState(false);
  const target = useRef<HTMLButtonElement>(null);
  const label = `Actions for ${projectName}`;
  if (!used) {
    return (
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label={label}
        aria-haspopup="menu"
        onClick={() => setUsed(true)}
      >
        <IconDots size={18} />
      </ActionIcon>
    );
  }
  return (
    <Menu
      position="bottom-end"
      withinPortal
      shadow="md"
      defaultOpened
      // The button that opened the menu first was replaced by this one: give the focus back here.
      onClose={() => requestAnimationFrame(() => target.current?.focus())}
    >
      <Menu.Target>
        <ActionIcon ref={target} variant="subtle" color="gray" aria-label={label}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {archivedView ? (
          <Menu.Item leftSection={<IconArchiveOff size={16} />} onClick={onUnarchive}>
            Unarchive Project
          </Menu.Item>
        ) : (
          <>
            <Menu.Item leftSection={<IconPencil size={16} />} onClick={onEdit}>
              Edit Project
            </Menu.Item>
            <Menu.Item leftSection={<IconArchive size={16} />} color="red" onClick={onArchive}>
              Archive Project
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

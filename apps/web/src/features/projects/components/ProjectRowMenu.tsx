import { ActionIcon, Menu } from '@mantine/core';
import { IconArchive, IconArchiveOff, IconDots, IconPencil } from '@tabler/icons-react';

interface ProjectRowMenuProps {
  projectName: string;
  /** On the Archived filter the menu offers Unarchive Project instead of Edit and Archive (spec 1 §2). */
  archivedView: boolean;
  onEdit: () => void;
  onArchive: () => void;
  onUnarchive: () => void;
}

export function ProjectRowMenu({
  projectName,
  archivedView,
  onEdit,
  onArchive,
  onUnarchive,
}: ProjectRowMenuProps) {
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${projectName}`}>
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

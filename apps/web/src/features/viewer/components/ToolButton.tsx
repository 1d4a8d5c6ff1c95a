import { ActionIcon, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';

interface ToolButtonProps {
  label: string;
  active: boolean;
  icon: ReactNode;
  onClick: () => void;
  disabled?: boolean;
}

/** An icon button of the viewer's bars: named by its tooltip, pressed while its tool is on. */
export function ToolButton({ label, active, icon, onClick, disabled = false }: ToolButtonProps) {
  return (
    <Tooltip label={label} zIndex={400}>
      <ActionIcon
        variant={active ? 'filled' : 'subtle'}
        color={active ? 'blue' : 'gray'}
        size="lg"
        aria-label={label}
        aria-pressed={active}
        onClick={onClick}
        disabled={disabled}
      >
        {icon}
      </ActionIcon>
    </Tooltip>
  );
}

import { CloseButton, Group, Paper, Title } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import { type KeyboardEvent, type PointerEvent, type ReactNode, useRef, useState } from 'react';

const STEP_PX = 16;

/**
 * A panel over the map that can be moved out of the way (spec 2 §2 'Map edit panels (draggable)'):
 * drag its title bar, or focus the grip and use the arrow keys. Not modal: the map stays usable.
 */
export function DraggablePanel({
  title,
  onClose,
  children,
  testId,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  testId?: string;
}) {
  const [offset, setOffset] = useState({ x: 0, y: 0 });
  const drag = useRef<{ x: number; y: number; startX: number; startY: number } | null>(null);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if ((event.target as HTMLElement).closest('button')) return;
    drag.current = { x: offset.x, y: offset.y, startX: event.clientX, startY: event.clientY };
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    if (!start) return;
    setOffset({ x: start.x + event.clientX - start.startX, y: start.y + event.clientY - start.startY });
  };
  const onPointerUp = () => {
    drag.current = null;
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-STEP_PX, 0],
      ArrowRight: [STEP_PX, 0],
      ArrowUp: [0, -STEP_PX],
      ArrowDown: [0, STEP_PX],
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    setOffset((o) => ({ x: o.x + move[0], y: o.y + move[1] }));
  };

  return (
    <Paper
      role="dialog"
      aria-label={title}
      shadow="md"
      radius="md"
      withBorder
      pos="absolute"
      top={52}
      right={52}
      w="min(340px, calc(100% - 64px))"
      data-testid={testId}
      style={{
        zIndex: 3,
        transform: `translate(${offset.x}px, ${offset.y}px)`,
        maxHeight: 'calc(100% - 64px)',
        overflow: 'auto',
      }}
    >
      <Group
        justify="space-between"
        wrap="nowrap"
        px="sm"
        py={6}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        style={{
          cursor: 'move',
          touchAction: 'none',
          borderBottom: '1px solid var(--mantine-color-gray-3)',
          userSelect: 'none',
        }}
      >
        <Group gap={4} wrap="nowrap">
          <IconGripVertical
            size={16}
            tabIndex={0}
            role="button"
            aria-label={`Move the ${title} panel with the arrow keys`}
            onKeyDown={onKeyDown}
            style={{ color: 'var(--mantine-color-gray-6)', flex: 'none' }}
          />
          <Title order={4} size="h5">
            {title}
          </Title>
        </Group>
        <CloseButton aria-label={`Close ${title}`} onClick={onClose} />
      </Group>
      <div style={{ padding: 'var(--mantine-spacing-sm)' }}>{children}</div>
    </Paper>
  );
}

import { Button, type ButtonProps } from '@mantine/core';
import type { KeyboardEvent } from 'react';

interface HoldButtonProps extends ButtonProps {
  label: string;
  onHoldStart: () => void;
  onHoldEnd: () => void;
}

/**
 * A console button acted on while pressed: pointer down (mouse, touch, pen) or Enter/Space on the focused
 * button starts, release, leaving or losing focus ends. Its keys do not reach the page's own shortcuts.
 */
export function HoldButton({ label, onHoldStart, onHoldEnd, ...props }: HoldButtonProps) {
  const keyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Enter' && e.key !== ' ') return;
    e.preventDefault();
    e.stopPropagation();
    if (!e.repeat) onHoldStart();
  };
  const keyUp = (e: KeyboardEvent) => {
    if (e.key !== 'Enter' && e.key !== ' ') return;
    e.preventDefault();
    e.stopPropagation();
    onHoldEnd();
  };
  return (
    <Button
      {...props}
      onPointerDown={(e) => {
        e.currentTarget.setPointerCapture?.(e.pointerId);
        onHoldStart();
      }}
      onPointerUp={onHoldEnd}
      onPointerCancel={onHoldEnd}
      onLostPointerCapture={onHoldEnd}
      onBlur={onHoldEnd}
      onKeyDown={keyDown}
      onKeyUp={keyUp}
      onContextMenu={(e) => e.preventDefault()}
    >
      {label}
    </Button>
  );
}

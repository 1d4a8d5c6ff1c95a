import { Box } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { type KeyboardEvent, type PointerEvent, type ReactNode, useRef, useState } from 'react';
import classes from './SplitPane.module.css';

interface SplitPaneProps {
  top: ReactNode;
  bottom: ReactNode;
  /** The bottom pane's starting height (px). */
  initialBottomPx: number;
  /** The smallest each pane may get (px), e.g. spec 2 §2's Pilots tab: map 250 and table 45. */
  minTopPx: number;
  minBottomPx: number;
  label: string;
}

const STEP_PX = 16;
const PAGE_PX = 96;
/** Keep equal to the handle's height in SplitPane.module.css. */
const HANDLE_PX = 10;

/** Rem to px at the page's root font size (a user's larger default font makes the panes larger too). */
export const remToPx = (rem: number): number =>
  Math.round(rem * (Number.parseFloat(getComputedStyle(document.documentElement).fontSize) || 16));

/**
 * Two panes stacked with a draggable divider (a map above a table: assignment, pilots). The divider is a
 * focusable separator: arrow keys move it 16 px, Page Up/Down 96 px, Home/End to the limits.
 */
export function SplitPane({ top, bottom, initialBottomPx, minTopPx, minBottomPx, label }: SplitPaneProps) {
  const { ref: container, height } = useElementSize<HTMLDivElement>();
  const [bottomPx, setBottomPx] = useState(initialBottomPx);
  const drag = useRef<{ startY: number; startPx: number } | null>(null);

  const limits = () => ({
    min: minBottomPx,
    max: height > 0 ? Math.max(minBottomPx, height - minTopPx - HANDLE_PX) : Number.POSITIVE_INFINITY,
  });
  const clamp = (px: number) => {
    const { min, max } = limits();
    return Math.round(Math.min(max, Math.max(min, px)));
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { startY: event.clientY, startPx: Math.min(bottomPx, limits().max) };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    setBottomPx(clamp(drag.current.startPx - (event.clientY - drag.current.startY)));
  };
  const onPointerUp = () => {
    drag.current = null;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const { min, max } = limits();
    const current = Math.min(bottomPx, max);
    const next: Record<string, number> = {
      ArrowUp: current + STEP_PX,
      ArrowDown: current - STEP_PX,
      PageUp: current + PAGE_PX,
      PageDown: current - PAGE_PX,
      Home: max,
      End: min,
    };
    const target = next[event.key];
    if (target === undefined) return;
    event.preventDefault();
    setBottomPx(clamp(target));
  };

  const { min, max } = limits();
  const shownPx = Math.min(bottomPx, max);
  return (
    <Box ref={container} h="100%" style={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}>
      <Box style={{ flex: '1 1 auto', minHeight: minTopPx, position: 'relative' }}>{top}</Box>
      {/* biome-ignore lint/a11y/useSemanticElements: a focusable, draggable separator has no native element */}
      <div
        role="separator"
        tabIndex={0}
        aria-orientation="horizontal"
        aria-label={label}
        aria-valuenow={shownPx}
        aria-valuemin={min}
        aria-valuemax={Number.isFinite(max) ? max : undefined}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onKeyDown={onKeyDown}
        className={classes.handle}
      >
        <span aria-hidden className={classes.grip} />
      </div>
      <Box style={{ flex: `0 0 ${shownPx}px`, minHeight: 0, overflow: 'hidden' }}>{bottom}</Box>
    </Box>
  );
}

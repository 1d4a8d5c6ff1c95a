import { Box, Text } from '@mantine/core';

/** Spec 3 §2: the tilt figure turns by tilt_x degrees, animated over 1.75 s. */
export const TILT_ANIMATION_SECONDS = 1.75;

/** A pole on the ground, leaning by `tiltX` degrees (0 = upright). */
export function TiltFigure({ tiltX }: { tiltX: number | null }) {
  const angle = tiltX ?? 0;
  return (
    <Box ta="center">
      <svg width="120" height="140" viewBox="0 0 120 140" role="img" aria-label={`Tilt ${angle.toFixed(2)}°`}>
        <line x1="10" y1="130" x2="110" y2="130" stroke="#868e96" strokeWidth="3" />
        <line x1="60" y1="130" x2="60" y2="20" stroke="#dee2e6" strokeWidth="2" strokeDasharray="4 4" />
        <g
          data-testid="tilt-figure"
          data-tilt={angle}
          style={{
            transform: `rotate(${angle}deg)`,
            transformOrigin: '60px 130px',
            transition: `transform ${TILT_ANIMATION_SECONDS}s ease-in-out`,
          }}
        >
          <rect x="56" y="22" width="8" height="108" rx="2" fill="#8d6e63" />
          <rect x="36" y="32" width="48" height="5" rx="1" fill="#6d4c41" />
        </g>
      </svg>
      <Text size="xs" c="dimmed">
        Tilt x {angle.toFixed(2)}°
      </Text>
    </Box>
  );
}

import { Button, Group, Slider } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';

export interface Playback {
  index: number;
  setIndex: (index: number) => void;
  playing: boolean;
  setPlaying: (update: boolean | ((playing: boolean) => boolean)) => void;
  last: number;
}

/** A position from 0 to `last` that moves one step every `stepMs` while playing (null: not ready), stopping at the end. */
export function usePlayback(last: number, stepMs: number | null, autoplay = false): Playback {
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(autoplay);
  useEffect(() => {
    if (!playing || stepMs === null) return;
    const timer = setInterval(() => {
      setIndex((i) => {
        if (i >= last) {
          setPlaying(false);
          return i;
        }
        return i + 1;
      });
    }, stepMs);
    return () => clearInterval(timer);
  }, [playing, last, stepMs]);
  return { index, setIndex, playing, setPlaying, last };
}

/** Play/Pause (from the start again once at the end) and a position slider; `children` go after the slider. */
export function PlaybackBar({
  playback,
  positionLabel,
  children,
}: {
  playback: Playback;
  positionLabel: string;
  children?: ReactNode;
}) {
  const { index, setIndex, playing, setPlaying, last } = playback;
  return (
    <Group gap="sm" wrap="nowrap">
      <Button
        variant="light"
        size="xs"
        leftSection={playing ? <IconPlayerPause size={14} /> : <IconPlayerPlay size={14} />}
        onClick={() => {
          if (!playing && index >= last) setIndex(0);
          setPlaying((p) => !p);
        }}
      >
        {playing ? 'Pause' : 'Play'}
      </Button>
      <Slider
        flex={1}
        min={0}
        max={last}
        value={Math.min(index, last)}
        onChange={(v) => {
          setPlaying(false);
          setIndex(v);
        }}
        label={null}
        thumbLabel={positionLabel}
      />
      {children}
    </Group>
  );
}

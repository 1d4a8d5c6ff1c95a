import { formatFlightClock, readAviFrames } from '@linewalker/domain';
import { Alert, Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { PlaybackBar, usePlayback } from './PlaybackBar.tsx';

interface Video {
  bytes: Uint8Array;
  fps: number;
  frames: { offset: number; size: number }[];
}

/** The recording's file, read once: an MJPEG AVI whose frames are shown one after the other. */
function useVideo(url: string) {
  const [video, setVideo] = useState<Video | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    fetch(url, { credentials: 'same-origin', signal: abort.signal })
      .then(async (res) => {
        if (!res.ok)
          throw new Error(
            res.status === 404 ? 'This video is no longer stored.' : 'The video could not be loaded.',
          );
        const bytes = new Uint8Array(await res.arrayBuffer());
        const avi = readAviFrames(bytes);
        if (!avi || avi.frames.length === 0) throw new Error('The video could not be read.');
        setVideo({ bytes, fps: avi.fps > 0 ? avi.fps : 15, frames: avi.frames });
      })
      .catch((err: unknown) => {
        if (!abort.signal.aborted)
          setError(err instanceof Error ? err.message : 'The video could not be loaded.');
      });
    return () => abort.abort();
  }, [url]);
  return { video, error };
}

/** Plays a recorded video in the page at the rate it was recorded, with pause and a position slider. */
export function RecordingPlayer({ url, label }: { url: string; label: string }) {
  const { video, error } = useVideo(url);
  const last = (video?.frames.length ?? 1) - 1;
  const playback = usePlayback(last, video ? 1000 / video.fps : null, true);
  const { index } = playback;

  const src = useMemo(() => {
    const frame = video?.frames[Math.min(index, last)];
    if (!video || !frame) return null;
    return URL.createObjectURL(
      new Blob([video.bytes.slice(frame.offset, frame.offset + frame.size)], { type: 'image/jpeg' }),
    );
  }, [video, index, last]);
  useEffect(() => () => (src ? URL.revokeObjectURL(src) : undefined), [src]);

  if (error) return <Alert color="red">{error}</Alert>;
  if (!video || !src)
    return (
      <Center h={120}>
        <Loader size="sm" aria-label="Loading the video" />
      </Center>
    );
  return (
    <Stack gap={6}>
      <img
        src={src}
        alt={label}
        style={{ width: '100%', maxWidth: 640, aspectRatio: '16 / 9', background: '#000' }}
      />
      <PlaybackBar playback={playback} positionLabel="Video position">
        <Text size="xs" aria-label="Video time">
          {formatFlightClock(Math.floor(index / video.fps))} /{' '}
          {formatFlightClock(Math.floor(last / video.fps))}
        </Text>
      </PlaybackBar>
    </Stack>
  );
}

import { DroneLiveStatus, decodeLiveFrame } from '@linewalker/domain';
import { useEffect, useRef, useState } from 'react';
import { FrameFeed } from './frameFeed.ts';

/**
 * No status for this long (ten missed at 10 Hz): the console shows the link to the drone as lost. Checked
 * every WATCHDOG_MS, so the banner shows at most 1.1 s after the last status (the target is 1.5 s).
 */
export const STATUS_STALE_MS = 1_000;
const WATCHDOG_MS = 100;
const HEARTBEAT_MS = 1_000;
const RECONNECT_MS = 2_000;
/**
 * The console shows a new status at most this often (5 Hz). Statuses arrive at 10 Hz and every one keeps the
 * link alive, but re-drawing the whole console ten times a second cost each page as much as its video; the
 * numbers read the same at 5 Hz and the newest one is always shown within this time.
 */
export const STATUS_RENDER_MS = 200;

export interface LiveDrone {
  status: DroneLiveStatus | null;
  /** The camera frames as they arrive (drawn by LiveVideo, outside React state). */
  frames: FrameFeed;
  /** True while statuses keep arriving. */
  live: boolean;
}

/** The live connection's address: a WebSocket on the page's own host (wss on https). */
export const liveUrl = () =>
  `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/api/v1/drones/live`;

/**
 * The drone's live status and video (spec 3 §4 'Remote flight'): the connection opens, registers as a
 * subscriber for the drone (asking for binary frames), and status messages replace what is shown; frames go
 * to the feed. While `pilot` is true it sends a heartbeat every second (the vehicle's link-loss failsafe). A
 * connection error is only logged (spec 3 §8); the connection is opened again after a pause.
 */
export function useLiveDrone(droneId: number | null, pilot: boolean): LiveDrone {
  const [status, setStatus] = useState<DroneLiveStatus | null>(null);
  const [frames] = useState(() => new FrameFeed());
  const [live, setLive] = useState(false);
  const lastStatusAt = useRef(0);
  const socketRef = useRef<WebSocket | null>(null);

  useEffect(() => {
    setStatus(null);
    frames.clear();
    setLive(false);
    if (droneId === null) return;
    let closed = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let lastText = '';
    let newest: DroneLiveStatus | null = null;
    let shownAt = Number.NEGATIVE_INFINITY;
    let showTimer: ReturnType<typeof setTimeout> | undefined;
    const show = () => {
      showTimer = undefined;
      shownAt = performance.now();
      setStatus(newest);
      setLive(true);
    };
    const connect = () => {
      const socket = new WebSocket(liveUrl());
      socket.binaryType = 'arraybuffer';
      socketRef.current = socket;
      socket.onopen = () => socket.send(JSON.stringify({ droneId, op: 'subscriber', binary: true }));
      socket.onmessage = (event) => {
        if (event.data instanceof ArrayBuffer) {
          frames.push(decodeLiveFrame(event.data));
          return;
        }
        const text = String(event.data);
        if (text === lastText) {
          // The same status again (a drone standing still): alive, nothing new to show.
          lastStatusAt.current = performance.now();
          setLive(true);
          return;
        }
        const message = JSON.parse(text) as { op: string; payload: unknown };
        if (message.op !== 'status') return;
        const parsed = DroneLiveStatus.safeParse(message.payload);
        if (!parsed.success) return;
        lastText = text;
        lastStatusAt.current = performance.now();
        newest = parsed.data;
        const wait = shownAt + STATUS_RENDER_MS - lastStatusAt.current;
        if (wait <= 0) show();
        else showTimer ??= setTimeout(show, wait);
      };
      socket.onerror = (event) => console.info('remote flight: live connection error', event.type);
      socket.onclose = () => {
        if (!closed) retry = setTimeout(connect, RECONNECT_MS);
      };
    };
    connect();
    const watchdog = setInterval(() => {
      if (performance.now() - lastStatusAt.current > STATUS_STALE_MS) setLive(false);
    }, WATCHDOG_MS);
    return () => {
      closed = true;
      clearTimeout(retry);
      clearTimeout(showTimer);
      // Here, not only when the next drone's connection starts: React runs every cleanup before any new
      // effect, and the next drone's video (a child) would otherwise be handed this drone's last frame.
      frames.clear();
      clearInterval(watchdog);
      socketRef.current?.close();
      socketRef.current = null;
    };
  }, [droneId, frames]);

  useEffect(() => {
    if (!pilot) return;
    const beat = setInterval(() => {
      const socket = socketRef.current;
      if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ op: 'heartbeat' }));
    }, HEARTBEAT_MS);
    return () => clearInterval(beat);
  }, [pilot]);

  return { status, frames, live };
}

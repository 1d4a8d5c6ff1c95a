import type { DroneEndpoint } from '@linewalker/domain';
import { useEffect, useMemo, useRef } from 'react';
import { HoldToConfirm, KeyRepeater } from '../keyControl.ts';

/** Space held this long records (until released); a shorter tap captures one image. */
export const RECORD_HOLD_MS = 500;

export interface FlightKeys {
  /** Movement: down/up by the key a button is labelled with. */
  moveDown(key: string): void;
  moveUp(key: string): void;
  /** Hold-to-confirm commands (Arm, Take-Off, Land, Head Home). */
  confirmStart(endpoint: DroneEndpoint): void;
  confirmCancel(): void;
  /** The Space bar button: tap captures, hold records. */
  shutterDown(): void;
  shutterUp(): void;
}

const typingIn = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * The console's keyboard (its buttons' labels): Q W E R A S D C move while held; P held takes off or lands,
 * H held heads home; Space taps capture, held records; `?` opens the key list. Everything held stops on
 * key-up, window blur or a hidden tab. `state` is read at the moment of each key.
 */
export function useFlightKeys(
  send: (endpoint: DroneEndpoint) => void,
  state: () => { airborne: boolean; canFly: boolean },
  onHelp: () => void,
): FlightKeys {
  const sendRef = useRef(send);
  sendRef.current = send;
  const stateRef = useRef(state);
  stateRef.current = state;
  const helpRef = useRef(onHelp);
  helpRef.current = onHelp;

  const keys = useMemo(() => {
    const repeater = new KeyRepeater((endpoint) => sendRef.current(endpoint));
    const confirm = new HoldToConfirm((endpoint) => sendRef.current(endpoint));
    let recordTimer: ReturnType<typeof setTimeout> | null = null;
    let recording = false;
    let shutterHeld = false;
    const controls: FlightKeys & { releaseAll(): void } = {
      moveDown: (key) => {
        if (stateRef.current().canFly) repeater.down(key);
      },
      moveUp: (key) => repeater.up(key),
      confirmStart: (endpoint) => {
        if (stateRef.current().canFly) confirm.start(endpoint);
      },
      confirmCancel: () => confirm.cancel(),
      shutterDown: () => {
        const s = stateRef.current();
        if (shutterHeld || !s.canFly || !s.airborne) return;
        shutterHeld = true;
        recordTimer = setTimeout(() => {
          recordTimer = null;
          recording = true;
          sendRef.current('/recordStart');
        }, RECORD_HOLD_MS);
      },
      shutterUp: () => {
        if (!shutterHeld) return;
        shutterHeld = false;
        if (recordTimer !== null) {
          clearTimeout(recordTimer);
          recordTimer = null;
          sendRef.current('/capture');
        } else if (recording) {
          recording = false;
          sendRef.current('/recordStop');
        }
      },
      releaseAll: () => {
        repeater.releaseAll();
        confirm.cancel();
        if (recording) controls.shutterUp();
        else if (recordTimer !== null) {
          clearTimeout(recordTimer);
          recordTimer = null;
          shutterHeld = false;
        }
      },
    };
    return controls;
  }, []);

  useEffect(() => {
    const down = (e: KeyboardEvent) => {
      if (typingIn(e.target) || e.ctrlKey || e.metaKey || e.altKey) return;
      const key = e.key.toLowerCase();
      if (key === '?') {
        helpRef.current();
        return;
      }
      if ('qwerasdc'.includes(key) && key.length === 1) {
        e.preventDefault();
        keys.moveDown(key);
      } else if (key === 'p' && !e.repeat) {
        keys.confirmStart(stateRef.current().airborne ? '/land' : '/takeoff');
      } else if (key === 'h' && !e.repeat) {
        keys.confirmStart('/returnHome');
      } else if (key === ' ') {
        e.preventDefault();
        if (!e.repeat) keys.shutterDown();
      }
    };
    const up = (e: KeyboardEvent) => {
      const key = e.key.toLowerCase();
      if (key.length === 1 && 'qwerasdc'.includes(key)) keys.moveUp(key);
      else if (key === 'p' || key === 'h') keys.confirmCancel();
      else if (key === ' ') keys.shutterUp();
    };
    const hidden = () => {
      if (document.visibilityState === 'hidden') keys.releaseAll();
    };
    window.addEventListener('keydown', down);
    window.addEventListener('keyup', up);
    window.addEventListener('blur', keys.releaseAll);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      keys.releaseAll();
      window.removeEventListener('keydown', down);
      window.removeEventListener('keyup', up);
      window.removeEventListener('blur', keys.releaseAll);
      document.removeEventListener('visibilitychange', hidden);
    };
  }, [keys]);

  return keys;
}

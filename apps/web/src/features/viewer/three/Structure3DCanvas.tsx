import type { StructureModel } from '@linewalker/domain';
import { Center, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { createStructureScene, type SceneHandle } from './structureScene.ts';

export interface Structure3DCanvasProps {
  model: StructureModel;
  currentId: number | null;
  onPick: (imageId: number) => void;
  /** Bumped by the panel's reset button. */
  resetSignal: number;
}

/** The three.js view of a structure model (loaded on demand: three.js is a chunk of its own). */
export default function Structure3DCanvas({ model, currentId, onPick, resetSignal }: Structure3DCanvasProps) {
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const scene = useRef<SceneHandle | null>(null);
  const pick = useRef(onPick);
  pick.current = onPick;
  const current = useRef(currentId);
  current.current = currentId;
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const el = canvas.current;
    const container = box.current;
    if (!el || !container) return;
    let handle: SceneHandle;
    const publish = () => {
      // Where each camera is drawn, for the end-to-end tests and anyone scripting the page.
      el.dataset.cameraPoints = JSON.stringify(handle.screenPoints());
      el.dataset.rendered = 'true';
    };
    try {
      handle = createStructureScene(el, model, (id) => pick.current(id), publish);
    } catch {
      setFailed(true);
      return;
    }
    scene.current = handle;
    const observer = new ResizeObserver(() => handle.resize(container.clientWidth, container.clientHeight));
    observer.observe(container);
    handle.resize(container.clientWidth, container.clientHeight);
    handle.setCurrent(current.current);
    return () => {
      observer.disconnect();
      handle.dispose();
      scene.current = null;
    };
  }, [model]);

  useEffect(() => {
    scene.current?.setCurrent(currentId);
  }, [currentId]);

  useEffect(() => {
    if (resetSignal > 0) scene.current?.resetView();
  }, [resetSignal]);

  if (failed) {
    return (
      <Center h="100%">
        <Text size="sm" c="dimmed">
          3D view is not available in this browser.
        </Text>
      </Center>
    );
  }
  return (
    <div ref={box} style={{ position: 'absolute', inset: 0 }}>
      <canvas
        ref={canvas}
        data-testid="structure-3d-canvas"
        aria-label="3D view of the structure and the photo cameras"
        style={{ width: '100%', height: '100%', display: 'block', touchAction: 'none' }}
        onContextMenu={(e) => e.preventDefault()}
      />
    </div>
  );
}

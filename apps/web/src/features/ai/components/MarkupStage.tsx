import { type AiPatch, keepsPolygon, keepsRectangle } from '@linewalker/domain';
import { memo, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { DraftShapeOverlay } from '../../../components/DraftShapeOverlay.tsx';

export type MarkupTool = 'rectangle' | 'polygon';
export type DrawnPatch =
  | { kind: 'rectangle'; left: number; top: number; width: number; height: number }
  | { kind: 'polygon'; points: [number, number][] };

interface Props {
  url: string;
  name: string;
  width: number;
  height: number;
  patches: readonly AiPatch[];
  tool: MarkupTool;
  selectedId: number | null;
  onSelect: (id: number | null) => void;
  onDrawn: (shape: DrawnPatch) => void;
}

/** The patches as one SVG in image pixels, moved with the image by the stage's one CSS transform. */
const PatchLayer = memo(function PatchLayer(props: {
  patches: readonly AiPatch[];
  width: number;
  height: number;
  selectedId: number | null;
  onSelect: (id: number) => void;
}) {
  return (
    <svg
      width={props.width}
      height={props.height}
      viewBox={`0 0 ${props.width} ${props.height}`}
      style={{ position: 'absolute', left: 0, top: 0, overflow: 'visible' }}
      data-testid="patch-layer"
    >
      <title>Patches</title>
      {props.patches.map((p) => {
        const common = {
          fill: p.id === props.selectedId ? '#fa525233' : 'transparent',
          stroke: '#fa5252',
          strokeWidth: p.id === props.selectedId ? 4 : 2,
          vectorEffect: 'non-scaling-stroke' as const,
          style: { cursor: 'pointer', pointerEvents: 'all' as const },
          'data-patch-id': p.id,
          onMouseDown: (e: React.MouseEvent) => e.stopPropagation(),
          onClick: (e: React.MouseEvent) => {
            e.stopPropagation();
            props.onSelect(p.id);
          },
        };
        return p.polygon ? (
          <polygon key={p.id} points={p.polygon.map(([x, y]) => `${x},${y}`).join(' ')} {...common} />
        ) : (
          <rect key={p.id} x={p.left} y={p.top} width={p.width} height={p.height} {...common} />
        );
      })}
    </svg>
  );
});

/**
 * The markup stage: the image fitted, the wheel zooms around the cursor, right-drag pans; with the
 * rectangle tool left-drag draws, with the polygon tool clicks add points; Enter confirms a polygon,
 * Escape cancels the shape being drawn. Pan and zoom write one CSS transform (no React render per frame).
 */
export function MarkupStage(props: Props) {
  const { width, height, tool } = props;
  const stageRef = useRef<HTMLDivElement>(null);
  const wrapRef = useRef<HTMLDivElement>(null);
  const view = useRef({ x: 0, y: 0, s: 1 });
  const [draft, setDraft] = useState<DrawnPatch | null>(null);
  const drag = useRef<{ kind: 'pan' | 'rect'; x: number; y: number; start?: [number, number] } | null>(null);

  const apply = useCallback(() => {
    const { x, y, s } = view.current;
    if (wrapRef.current) wrapRef.current.style.transform = `translate(${x}px, ${y}px) scale(${s})`;
    stageRef.current?.setAttribute('data-zoom', s.toFixed(3));
  }, []);
  const fitToView = useCallback(() => {
    const el = stageRef.current;
    if (!el || !width || !height) return;
    const s = Math.min(el.clientWidth / width, el.clientHeight / height);
    view.current = { s, x: (el.clientWidth - width * s) / 2, y: (el.clientHeight - height * s) / 2 };
    apply();
  }, [width, height, apply]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new image starts fitted and without a draft.
  useLayoutEffect(() => {
    fitToView();
    setDraft(null);
  }, [props.url, fitToView]);

  const local = (e: { clientX: number; clientY: number }): [number, number] => {
    const r = stageRef.current!.getBoundingClientRect();
    return [e.clientX - r.left, e.clientY - r.top];
  };
  const toImage = (e: { clientX: number; clientY: number }): [number, number] => {
    const [px, py] = local(e);
    const { x, y, s } = view.current;
    return [Math.min(width, Math.max(0, (px - x) / s)), Math.min(height, Math.max(0, (py - y) / s))];
  };

  const confirm = useCallback(() => {
    if (draft?.kind === 'polygon' && keepsPolygon(draft.points)) props.onDrawn(draft);
    setDraft(null);
  }, [draft, props]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setDraft(null);
      else if (e.key === 'Enter') confirm();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [confirm]);
  useEffect(() => {
    const el = stageRef.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const [px, py] = local(e);
      const v = view.current;
      const s = Math.min(64, Math.max(0.02, v.s * (e.deltaY < 0 ? 1.1 : 1 / 1.1)));
      view.current = { s, x: px - ((px - v.x) * s) / v.s, y: py - ((py - v.y) * s) / v.s };
      apply();
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  });

  const onMouseDown = (e: React.MouseEvent) => {
    const [px, py] = local(e);
    if (e.button === 2) drag.current = { kind: 'pan', x: px, y: py };
    else if (e.button === 0 && tool === 'rectangle') {
      const start = toImage(e);
      drag.current = { kind: 'rect', x: px, y: py, start };
      setDraft({ kind: 'rectangle', left: start[0], top: start[1], width: 0, height: 0 });
    }
  };
  const onMouseMove = (e: React.MouseEvent) => {
    const d = drag.current;
    if (!d) return;
    if (d.kind === 'pan') {
      const [px, py] = local(e);
      view.current.x += px - d.x;
      view.current.y += py - d.y;
      d.x = px;
      d.y = py;
      apply();
    } else if (d.start) {
      const [x, y] = toImage(e);
      const [sx, sy] = d.start;
      setDraft({
        kind: 'rectangle',
        left: Math.min(sx, x),
        top: Math.min(sy, y),
        width: Math.abs(x - sx),
        height: Math.abs(y - sy),
      });
    }
  };
  const onMouseUp = () => {
    const d = drag.current;
    drag.current = null;
    if (d?.kind === 'rect' && draft?.kind === 'rectangle') {
      const s = view.current.s;
      if (keepsRectangle(draft.width * s, draft.height * s)) props.onDrawn(draft);
      setDraft(null);
    }
  };
  const onClick = (e: React.MouseEvent) => {
    if (tool !== 'polygon' || e.button !== 0) {
      if (tool === 'rectangle') props.onSelect(null);
      return;
    }
    const p = toImage(e);
    setDraft((d) => ({ kind: 'polygon', points: [...(d?.kind === 'polygon' ? d.points : []), p] }));
  };

  // Keyboard access: + and - zoom around the centre, 0 fits the image.
  const onKeyDown = (e: React.KeyboardEvent) => {
    const el = stageRef.current;
    if (!el) return;
    if (e.key === '0') return fitToView();
    const factor = e.key === '+' || e.key === '=' ? 1.25 : e.key === '-' ? 0.8 : 0;
    if (!factor) return;
    const v = view.current;
    const [cx, cy] = [el.clientWidth / 2, el.clientHeight / 2];
    const s = v.s * factor;
    view.current = { s, x: cx - ((cx - v.x) * s) / v.s, y: cy - ((cy - v.y) * s) / v.s };
    apply();
  };

  return (
    <div
      ref={stageRef}
      data-testid="markup-stage"
      role="application"
      aria-label={`Image ${props.name}`}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the stage takes keys to zoom and fit.
      tabIndex={0}
      onKeyDown={onKeyDown}
      onContextMenu={(e) => e.preventDefault()}
      onMouseDown={onMouseDown}
      onMouseMove={onMouseMove}
      onMouseUp={onMouseUp}
      onMouseLeave={onMouseUp}
      onClick={onClick}
      onDoubleClick={confirm}
      style={{
        position: 'relative',
        overflow: 'hidden',
        width: '100%',
        height: '100%',
        background: '#1a1b1e',
        cursor: 'crosshair',
        userSelect: 'none',
      }}
    >
      <div
        ref={wrapRef}
        style={{ position: 'absolute', left: 0, top: 0, transformOrigin: '0 0', width, height }}
      >
        <img src={props.url} alt={props.name} draggable={false} style={{ width, height, display: 'block' }} />
        <PatchLayer
          patches={props.patches}
          width={width}
          height={height}
          selectedId={props.selectedId}
          onSelect={props.onSelect}
        />
        {draft && (
          <DraftShapeOverlay
            shape={
              draft.kind === 'rectangle'
                ? { kind: 'rectangle', x: draft.left, y: draft.top, width: draft.width, height: draft.height }
                : { kind: 'polygon', points: draft.points, open: true }
            }
            width={width}
            height={height}
          />
        )}
      </div>
    </div>
  );
}

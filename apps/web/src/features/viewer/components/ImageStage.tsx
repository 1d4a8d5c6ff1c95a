import { type Annotation, keepsPolygon, keepsRectangle } from '@linewalker/domain';
import { Center, Loader } from '@mantine/core';
import {
  forwardRef,
  type ReactNode,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { DraftShapeOverlay } from '../../../components/DraftShapeOverlay.tsx';
import { imageUrl } from '../api/viewerQueries.ts';
import { useNeighbourPrefetch } from '../hooks/useNeighbourPrefetch.ts';
import { useStageTransform } from '../hooks/useStageTransform.ts';
import type { DrawMode, DrawnShape } from '../model/viewerTypes.ts';
import { AnnotationLayer } from './AnnotationLayer.tsx';
import { type DeepZoomHandle, DeepZoomLayer } from './DeepZoomLayer.tsx';

export interface StageHandle {
  zoomIn(): void;
  zoomOut(): void;
  reset(): void;
}

export interface ImageStageProps {
  image: { id: number; width: number | null; height: number | null; image_name: string };
  /** The photos Back and Next lead to: loaded and decoded ahead, once this one has loaded. */
  neighbourIds: readonly number[];
  /** The photo's image has loaded (or failed to): it is what the stage shows. */
  onShown: (imageId: number) => void;
  hd: boolean;
  annotations: readonly Annotation[];
  showAnnotations: boolean;
  selectedId: number | null;
  onSelect: (id: number) => void;
  drawMode: DrawMode;
  /** The shape drawn and kept, waiting for its details; null when none. */
  pending: DrawnShape | null;
  onShapeDrawn: (shape: DrawnShape) => void;
  onFirstZoom: () => void;
  /** Drawn over the photo inside the stage's transform (the AI mode's 'Ai Layer'), given the photo's size. */
  overlay?: (width: number, height: number) => ReactNode;
}

/**
 * The photo with its annotations. Pan and zoom are useStageTransform's (one CSS transform, no React render
 * per frame). Right-drag pans, middle-drag zooms (up: in), the
 * wheel zooms 10 % per notch around the cursor; left-drag draws a rectangle, clicks a polygon (double-click
 * ends it).
 */
export const ImageStage = forwardRef<StageHandle, ImageStageProps>(function ImageStage(props, ref) {
  const { image, hd, onFirstZoom } = props;
  const stageRef = useRef<HTMLDivElement>(null);
  const wrapRef = useRef<HTMLDivElement>(null);
  const deepZoom = useRef<DeepZoomHandle>(null);
  const [natural, setNatural] = useState<{ w: number; h: number } | null>(null);
  /** The photo whose image has loaded (the stage's image may still be the previous photo's). */
  const [loadedId, setLoadedId] = useState<number | null>(null);
  const loaded = loadedId === image.id;
  const [draft, setDraft] = useState<DrawnShape | null>(null);
  const drag = useRef<{
    kind: 'pan' | 'zoom' | 'rect';
    x: number;
    y: number;
    start?: [number, number];
  } | null>(null);

  const width = image.width ?? natural?.w ?? 0;
  const height = image.height ?? natural?.h ?? 0;
  const stage = useStageTransform({
    stageRef,
    wrapRef,
    deepZoom,
    imageId: image.id,
    width,
    height,
    hd,
    onFirstZoom,
  });
  const { reset, zoomIn, zoomOut } = stage;
  useImperativeHandle(ref, () => ({ zoomIn, zoomOut, reset }), [zoomIn, zoomOut, reset]);

  // A new photo starts without a draft.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the photo changes, on purpose.
  useLayoutEffect(() => {
    setNatural(null);
    setDraft(null);
  }, [image.id]);
  // Escape drops a half-drawn shape.
  useEffect(() => {
    if (props.drawMode === null) setDraft(null);
  }, [props.drawMode]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setDraft(null);
      if (e.key === 'Enter' && draft?.kind === 'polygon' && keepsPolygon(draft.points)) {
        props.onShapeDrawn(draft);
        setDraft(null);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [draft, props]);

  const local = (e: React.MouseEvent): [number, number] => {
    const r = stageRef.current!.getBoundingClientRect();
    return [e.clientX - r.left, e.clientY - r.top];
  };
  const imagePoint = (e: React.MouseEvent): [number, number] => stage.toImagePoint(...local(e));

  const onMouseDown = (e: React.MouseEvent) => {
    const [px, py] = local(e);
    if (e.button === 2) drag.current = { kind: 'pan', x: px, y: py };
    else if (e.button === 1) {
      e.preventDefault();
      drag.current = { kind: 'zoom', x: px, y: py, start: [px, py] };
    } else if (e.button === 0 && props.drawMode === 'rectangle') {
      const start = imagePoint(e);
      drag.current = { kind: 'rect', x: px, y: py, start };
      setDraft({ kind: 'rectangle', x: start[0], y: start[1], width: 0, height: 0 });
    }
  };
  const onMouseMove = (e: React.MouseEvent) => {
    const d = drag.current;
    if (!d) return;
    const [px, py] = local(e);
    if (d.kind === 'pan') {
      stage.pan(px - d.x, py - d.y);
      d.x = px;
      d.y = py;
    } else if (d.kind === 'zoom') {
      // Up zooms in, around where the drag started.
      const up = d.y - py;
      d.y = py;
      stage.zoomByDrag(up, d.start?.[0], d.start?.[1]);
    } else if (d.kind === 'rect' && d.start) {
      const [x, y] = imagePoint(e);
      const [sx, sy] = d.start;
      setDraft({
        kind: 'rectangle',
        x: Math.min(sx, x),
        y: Math.min(sy, y),
        width: Math.abs(x - sx),
        height: Math.abs(y - sy),
      });
    }
  };
  const onMouseUp = () => {
    const d = drag.current;
    drag.current = null;
    if (d?.kind === 'rect' && draft?.kind === 'rectangle') {
      const scale = stage.screenScale();
      // The 10 × 10 minimum holds for what the user drew on screen and, as the server checks, in the image.
      const kept =
        keepsRectangle(draft.width * scale, draft.height * scale) &&
        keepsRectangle(draft.width, draft.height);
      if (kept) props.onShapeDrawn(draft);
      setDraft(null);
    }
  };
  const onClick = (e: React.MouseEvent) => {
    if (props.drawMode !== 'polygon' || e.button !== 0) return;
    const [x, y] = imagePoint(e);
    setDraft((d) => {
      const points = d?.kind === 'polygon' ? d.points : [];
      const last = points.at(-1);
      // The two clicks of a double-click add one point.
      if (last && Math.hypot(last[0] - x, last[1] - y) * stage.screenScale() < 4) return d;
      return { kind: 'polygon', points: [...points, [x, y]] };
    });
  };
  const onDoubleClick = () => {
    if (props.drawMode !== 'polygon' || draft?.kind !== 'polygon') return;
    if (keepsPolygon(draft.points)) props.onShapeDrawn(draft);
    setDraft(null);
  };

  // Keyboard access: + and - zoom, 0 resets, the arrows pan a zoomed-in photo. A fitted photo has nothing to
  // pan to: ← and → then go on to the viewer's previous / next photo, so a reviewer who clicked or drew on the
  // photo steps through the photos with the keys the help lists.
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (!stageRef.current) return;
    const { pan } = stage;
    if ((e.key === 'ArrowLeft' || e.key === 'ArrowRight') && !stage.zoomedIn()) return;
    if (e.key === '+' || e.key === '=') zoomIn();
    else if (e.key === '-') zoomOut();
    else if (e.key === '0') reset();
    else if (e.key === 'ArrowLeft') pan(40, 0);
    else if (e.key === 'ArrowRight') pan(-40, 0);
    else if (e.key === 'ArrowUp') pan(0, 40);
    else if (e.key === 'ArrowDown') pan(0, -40);
    else return;
    e.preventDefault();
  };

  const shape = draft ?? props.pending;
  const size = hd ? 'FULL_IMG' : 'MEDIUM_IMG';
  const src = imageUrl(image.id, size);
  const imgRef = useRef<HTMLImageElement>(null);
  const showImage = (el: HTMLImageElement) => {
    if (!image.width || !image.height) setNatural({ w: el.naturalWidth, h: el.naturalHeight });
    setLoadedId(image.id);
    props.onShown(image.id);
  };
  // An image the page already holds (prefetched, or seen before) is complete as soon as it has its source:
  // show it in this very frame rather than after its load event, which waits behind the step's other work.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per image source, on purpose.
  useLayoutEffect(() => {
    const el = imgRef.current;
    if (el?.complete && el.naturalWidth > 0) showImage(el);
  }, [src]);
  useNeighbourPrefetch(
    props.neighbourIds.map((id) => imageUrl(id, size)),
    loaded,
  );
  return (
    <div
      ref={stageRef}
      data-testid="viewer-stage"
      data-zoom="1.00"
      data-image-id={image.id}
      data-loaded={loaded}
      role="application"
      aria-label={`Photo ${image.image_name}`}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the stage takes keys to zoom and pan.
      tabIndex={0}
      onKeyDown={onKeyDown}
      style={{
        position: 'relative',
        overflow: 'hidden',
        width: '100%',
        height: '100%',
        background: '#1a1b1e',
        cursor: props.drawMode ? 'crosshair' : 'grab',
        userSelect: 'none',
      }}
      onContextMenu={(e) => e.preventDefault()}
      onMouseDown={onMouseDown}
      onMouseMove={onMouseMove}
      onMouseUp={onMouseUp}
      onMouseLeave={onMouseUp}
      onClick={onClick}
      onDoubleClick={onDoubleClick}
    >
      <div
        ref={wrapRef}
        style={{ position: 'absolute', left: 0, top: 0, transformOrigin: '0 0', width, height }}
      >
        <img
          key={src}
          src={src}
          alt={image.image_name}
          draggable={false}
          ref={imgRef}
          onLoad={(e) => showImage(e.currentTarget)}
          onError={() => props.onShown(image.id)}
          style={{ width: width || undefined, height: height || undefined, display: 'block' }}
        />
        {!hd && width > 0 && (
          <DeepZoomLayer ref={deepZoom} key={image.id} imageId={image.id} width={width} height={height} />
        )}
        {props.showAnnotations && width > 0 && (
          <AnnotationLayer
            annotations={props.annotations}
            width={width}
            height={height}
            selectedId={props.selectedId}
            onSelect={props.onSelect}
          />
        )}
        {props.overlay && width > 0 && props.overlay(width, height)}
        {shape && width > 0 && <DraftShapeOverlay shape={shape} width={width} height={height} />}
      </div>
      {!loaded && (
        <Center pos="absolute" inset={0} style={{ pointerEvents: 'none' }}>
          <Loader color="gray" aria-label="Loading photo" />
        </Center>
      )}
    </div>
  );
});

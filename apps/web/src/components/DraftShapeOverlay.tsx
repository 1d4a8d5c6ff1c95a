/** A shape being drawn over a photo, in the photo's pixels; an open polygon is still being drawn. */
export type DraftOutline =
  | { kind: 'rectangle'; x: number; y: number; width: number; height: number }
  | { kind: 'polygon'; points: ReadonlyArray<readonly [number, number]>; open?: boolean };

const STROKE = {
  fill: '#ffd43b22',
  stroke: '#ffd43b',
  strokeWidth: 2,
  strokeDasharray: '6 4',
  vectorEffect: 'non-scaling-stroke',
} as const;

/** The dashed yellow outline of the shape being drawn, laid over a photo stage of `width` × `height`. */
export function DraftShapeOverlay({
  shape,
  width,
  height,
}: {
  shape: DraftOutline;
  width: number;
  height: number;
}) {
  return (
    <svg
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      style={{ position: 'absolute', left: 0, top: 0, pointerEvents: 'none' }}
      data-testid="draft-shape"
    >
      <title>Shape being drawn</title>
      {shape.kind === 'rectangle' ? (
        <rect x={shape.x} y={shape.y} width={shape.width} height={shape.height} {...STROKE} />
      ) : shape.open ? (
        <polyline points={shape.points.map(([x, y]) => `${x},${y}`).join(' ')} {...STROKE} />
      ) : (
        <polygon points={shape.points.map(([x, y]) => `${x},${y}`).join(' ')} {...STROKE} />
      )}
    </svg>
  );
}

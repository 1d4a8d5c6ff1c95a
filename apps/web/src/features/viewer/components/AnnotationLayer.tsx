import { type Annotation, riskInfo } from '@linewalker/domain';
import { memo } from 'react';

interface AnnotationLayerProps {
  annotations: readonly Annotation[];
  width: number;
  height: number;
  selectedId: number | null;
  onSelect: (id: number) => void;
}

/**
 * Every annotation of the photo as ONE SVG in the photo's pixel coordinates. The stage moves and scales the
 * SVG together with the image through a single CSS transform, so panning and zooming never re-render these
 * elements (1,000 marks stay fluid); strokes keep their screen width with non-scaling-stroke.
 */
export const AnnotationLayer = memo(function AnnotationLayer({
  annotations,
  width,
  height,
  selectedId,
  onSelect,
}: AnnotationLayerProps) {
  return (
    <svg
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      style={{ position: 'absolute', left: 0, top: 0, overflow: 'visible' }}
      data-testid="annotation-layer"
    >
      <title>Annotations</title>
      {annotations.map((a) => {
        // Stored against the size drawn on: rescale when the photo is shown at another size.
        const sx = a.image_width ? width / a.image_width : 1;
        const sy = a.image_height ? height / a.image_height : 1;
        const color = riskInfo(a.risk_level).color;
        const common = {
          fill: a.id === selectedId ? `${color}33` : 'transparent',
          stroke: color,
          strokeWidth: a.id === selectedId ? 4 : 2,
          vectorEffect: 'non-scaling-stroke' as const,
          style: { cursor: 'pointer', pointerEvents: 'all' as const },
          onMouseDown: (e: React.MouseEvent) => {
            if (e.button === 0) e.stopPropagation();
          },
          onClick: (e: React.MouseEvent) => {
            e.stopPropagation();
            onSelect(a.id);
          },
          'data-annotation-number': a.annotation_number,
        };
        if (a.rectangle) {
          return (
            <rect
              key={a.id}
              x={a.rectangle.x * sx}
              y={a.rectangle.y * sy}
              width={a.rectangle.width * sx}
              height={a.rectangle.height * sy}
              {...common}
            />
          );
        }
        return (
          <polygon
            key={a.id}
            points={(a.polygon ?? []).map(([x, y]) => `${x * sx},${y * sy}`).join(' ')}
            {...common}
          />
        );
      })}
    </svg>
  );
});

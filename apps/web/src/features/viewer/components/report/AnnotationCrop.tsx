import { annotationPoints, cropRegion, type ReportAnnotation } from '@linewalker/domain';
import { Center, Text } from '@mantine/core';
import { imageUrl } from '../../api/viewerQueries.ts';

const OUTLINE = '#e03131';

/**
 * The photo region around an annotation with its rectangle or polygon outlined, as the PDF prints it: the
 * medium photo drawn in the annotation's coordinates and clipped to the crop by the SVG's viewBox.
 */
export function AnnotationCrop({ annotation: a }: { annotation: ReportAnnotation }) {
  const points = annotationPoints(a);
  const width = a.image_width ?? 0;
  const height = a.image_height ?? 0;
  const region = cropRegion(points, width, height);
  if (!region) {
    return (
      <Center h={160} bg="gray.1">
        <Text size="sm" c="dimmed">
          Photo not available
        </Text>
      </Center>
    );
  }
  const { left, top, width: w, height: h } = region;
  return (
    <svg
      viewBox={`${left} ${top} ${w} ${h}`}
      role="img"
      aria-label={`Annotation ${a.annotation_number} on ${a.image_name}`}
      style={{
        width: '100%',
        aspectRatio: `${w} / ${h}`,
        maxHeight: 260,
        display: 'block',
        background: '#f1f3f5',
      }}
    >
      <image
        href={imageUrl(a.image_id, 'MEDIUM_IMG')}
        x={0}
        y={0}
        width={width}
        height={height}
        preserveAspectRatio="none"
      />
      <polygon
        points={points.map(([x, y]) => `${x},${y}`).join(' ')}
        fill="none"
        stroke={OUTLINE}
        strokeWidth={3}
        strokeLinejoin="round"
        vectorEffect="non-scaling-stroke"
      />
    </svg>
  );
}

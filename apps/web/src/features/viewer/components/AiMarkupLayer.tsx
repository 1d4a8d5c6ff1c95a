import type { AiMarkup, AiPhotoPatch } from '@linewalker/domain';
import { memo, useMemo } from 'react';
import { markupsPath, patchesPath } from '../model/aiMarkups.ts';

interface AiMarkupLayerProps {
  /** The markups to draw (open ones above the slider), in the photo's pixels. */
  markups: readonly AiMarkup[];
  /** The patches drawn on the photo (of the chosen model, or all), dashed in another colour. */
  patches: readonly AiPhotoPatch[];
  selectedId: number | null;
  width: number;
  height: number;
}

const COLOR = '#be4bdb';
const PATCH_COLOR = '#15aabf';

/**
 * The 'Ai Layer': every markup as ONE SVG path inside the stage's transformed box (the stage pans and zooms
 * it with the photo, no re-render per frame), plus one more path for the markup picked in the list. It
 * lets the mouse through to the stage.
 */
export const AiMarkupLayer = memo(function AiMarkupLayer({
  markups,
  patches,
  selectedId,
  width,
  height,
}: AiMarkupLayerProps) {
  const d = useMemo(() => markupsPath(markups), [markups]);
  const drawn = useMemo(() => patchesPath(patches), [patches]);
  const picked = markups.find((m) => m.id === selectedId);
  return (
    <svg
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      style={{ position: 'absolute', left: 0, top: 0, overflow: 'visible', pointerEvents: 'none' }}
      data-testid="ai-layer"
      data-markups={markups.length}
      data-patches={patches.length}
    >
      <title>AI markups</title>
      <path
        d={drawn}
        fill="none"
        stroke={PATCH_COLOR}
        strokeWidth={2}
        strokeDasharray="6 4"
        vectorEffect="non-scaling-stroke"
        data-testid="ai-layer-patches"
      />
      <path d={d} fill="none" stroke={COLOR} strokeWidth={2} vectorEffect="non-scaling-stroke" />
      {picked && (
        <path
          d={markupsPath([picked])}
          fill={`${COLOR}33`}
          stroke="#fff"
          strokeWidth={3}
          vectorEffect="non-scaling-stroke"
          data-testid="ai-layer-selected"
        />
      )}
    </svg>
  );
});

import type { AiMarkup } from '@linewalker/domain';

/** The slider's start: markups the model is less than half sure of are hidden until the reviewer asks. */
export const DEFAULT_MIN_SCORE = 0.5;

/** The open (unreviewed) markups at or above the slider, best score first (the server's order kept). */
export const openAbove = (markups: readonly AiMarkup[], minScore: number): AiMarkup[] =>
  markups.filter((m) => m.status === 'open' && m.score >= minScore);

/** A score as the list shows it: 0.873 → '87%'. */
export const scoreLabel = (score: number): string => `${Math.round(score * 100)}%`;

const n = (v: number) => Math.round(v * 10) / 10;

/**
 * Every rectangle as ONE SVG path's data (M x,y h w v h h -w Z per markup): the layer is a single element
 * however many markups the model made, so 1,000 of them cost the browser one path, not 1,000 nodes.
 */
export function markupsPath(markups: readonly Pick<AiMarkup, 'left' | 'top' | 'width' | 'height'>[]): string {
  let d = '';
  for (const m of markups) d += `M${n(m.left)} ${n(m.top)}h${n(m.width)}v${n(m.height)}h${n(-m.width)}Z`;
  return d;
}

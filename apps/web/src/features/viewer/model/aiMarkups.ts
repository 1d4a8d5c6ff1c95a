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

/** The AI mode's model choice: one model's id, or every model (spec 2 §7 'AI: all models, one model'). */
export type AiModelChoice = number | null;
export const ALL_MODELS: AiModelChoice = null;

/** The markups or patches of the chosen model (all of them for every model). */
export const ofModel = <T extends { model_id: number }>(list: readonly T[], choice: AiModelChoice): T[] =>
  choice === ALL_MODELS ? [...list] : list.filter((m) => m.model_id === choice);

/**
 * The choice kept while the reviewer steps through photos, and dropped only when the model is gone (deleted
 * or no longer listed): then every model again.
 */
export const keptChoice = (
  choice: AiModelChoice,
  models: readonly { id: number }[] | undefined,
): AiModelChoice =>
  choice !== ALL_MODELS && models && !models.some((m) => m.id === choice) ? ALL_MODELS : choice;

/** The drawn patches as one SVG path: polygons by their points, rectangles by their box. */
export function patchesPath(
  patches: readonly {
    left: number;
    top: number;
    width: number;
    height: number;
    polygon: Array<[number, number]> | null;
  }[],
): string {
  let d = '';
  for (const p of patches) {
    if (p.polygon && p.polygon.length > 2) {
      d += `M${p.polygon.map(([x, y]) => `${n(x)} ${n(y)}`).join('L')}Z`;
    } else d += markupsPath([p]);
  }
  return d;
}

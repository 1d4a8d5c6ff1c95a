import type { AiMarkup } from '@linewalker/domain';
import { describe, expect, it } from 'vitest';
import {
  ALL_MODELS,
  keptChoice,
  markupsPath,
  ofModel,
  openAbove,
  patchesPath,
  scoreLabel,
} from './aiMarkups.ts';

const markup = (id: number, score: number, status: AiMarkup['status'] = 'open'): AiMarkup => ({
  id,
  model_id: 1,
  model_class_name: 'Broken insulator',
  version: 1,
  image_id: 9,
  left: 10 * id,
  top: 5,
  width: 20,
  height: 8.25,
  score,
  status,
  annotation_id: null,
});

describe('AI markups in the viewer', () => {
  it('keeps the open markups at or above the slider, reviewed ones never', () => {
    const list = [markup(1, 0.9), markup(2, 0.5), markup(3, 0.49), markup(4, 0.95, 'accepted')];
    expect(openAbove(list, 0.5).map((m) => m.id)).toEqual([1, 2]);
    expect(openAbove(list, 0).map((m) => m.id)).toEqual([1, 2, 3]);
    expect(openAbove(list, 1)).toEqual([]);
  });

  it('draws every rectangle in one path, in the photo pixels', () => {
    expect(markupsPath([markup(1, 1), markup(2, 1)])).toBe('M10 5h20v8.3h-20ZM20 5h20v8.3h-20Z');
    expect(markupsPath([])).toBe('');
    const many = Array.from({ length: 1000 }, (_, i) => markup(i, 0.7));
    expect(markupsPath(many).match(/M/g)).toHaveLength(1000);
  });

  it('shows a score as a whole percent', () => {
    expect(scoreLabel(0.873)).toBe('87%');
    expect(scoreLabel(1)).toBe('100%');
  });
});

describe('the AI mode’s model choice', () => {
  const other = { ...markup(7, 0.8), model_id: 2 };

  it('shows every model’s markups, or the chosen model’s only', () => {
    const list = [markup(1, 0.9), other, markup(3, 0.6)];
    expect(ofModel(list, ALL_MODELS).map((m) => m.id)).toEqual([1, 7, 3]);
    expect(ofModel(list, 1).map((m) => m.id)).toEqual([1, 3]);
    expect(ofModel(list, 2).map((m) => m.id)).toEqual([7]);
    expect(ofModel(list, 99)).toEqual([]);
  });

  it('keeps the choice while the models load and while they list it; back to all when it is gone', () => {
    expect(keptChoice(2, undefined)).toBe(2);
    expect(keptChoice(2, [{ id: 1 }, { id: 2 }])).toBe(2);
    expect(keptChoice(2, [{ id: 1 }])).toBe(ALL_MODELS);
    expect(keptChoice(ALL_MODELS, [])).toBe(ALL_MODELS);
  });

  it('draws patches as polygons or rectangles in one path', () => {
    expect(
      patchesPath([
        { left: 1, top: 2, width: 3, height: 4, polygon: null },
        {
          left: 0,
          top: 0,
          width: 4,
          height: 4,
          polygon: [
            [0, 0],
            [4, 0],
            [2, 4],
          ],
        },
      ]),
    ).toBe('M1 2h3v4h-3ZM0 0L4 0L2 4Z');
  });
});

import type { AiMarkup } from '@linewalker/domain';
import { describe, expect, it } from 'vitest';
import { markupsPath, openAbove, scoreLabel } from './aiMarkups.ts';

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

import { describe, expect, it } from 'vitest';
import { hasStepClip, StepClipBody, UpdateIdentifierQuery } from './imageInfo.ts';

const four = { topangleouter: 1, topangle: 2, bottomangleouter: -3, bottomangle: 4.5 };

describe('step-clip panel rule', () => {
  it('shows only for inspection_type 1 with all four angles', () => {
    expect(hasStepClip('1', four)).toBe(true);
    expect(hasStepClip('0', four)).toBe(false);
    expect(hasStepClip('1', null)).toBe(false);
    expect(hasStepClip('1', { topangleouter: 1, topangle: 2, bottomangleouter: 3 })).toBe(false);
    expect(hasStepClip(undefined, four)).toBe(false);
  });

  it('takes four numbers within ±360 and nothing else', () => {
    expect(StepClipBody.safeParse(four).success).toBe(true);
    expect(StepClipBody.safeParse({ ...four, topangle: 360 }).success).toBe(true);
    expect(StepClipBody.safeParse({ ...four, topangle: 360.1 }).success).toBe(false);
    expect(StepClipBody.safeParse({ ...four, topangle: '2' }).success).toBe(false);
    expect(StepClipBody.safeParse({ ...four, topangle: Number.NaN }).success).toBe(false);
    expect(StepClipBody.safeParse({ ...four, other: 1 }).success).toBe(false);
  });
});

describe('shot identifier choice', () => {
  it('is an identifier id or -1 (none)', () => {
    expect(UpdateIdentifierQuery.parse({ imageId: '5', identifierId: '-1' })).toEqual({
      imageId: 5,
      identifierId: -1,
    });
    expect(UpdateIdentifierQuery.parse({ imageId: '5', identifierId: '8' }).identifierId).toBe(8);
    for (const identifierId of ['0', '-2', 'x', '1.5']) {
      expect(UpdateIdentifierQuery.safeParse({ imageId: '5', identifierId }).success).toBe(false);
    }
  });
});

import type { InspectionImage } from '@linewalker/domain';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { usePhotoStepping } from './usePhotoStepping.ts';

const photo = (id: number) =>
  ({ id, image_name: `DJI_${id}.JPG`, reject_datetime: null, anno_count: 0 }) as InspectionImage;
const photos = [photo(1), photo(2), photo(3), photo(4)];

function stepping() {
  return renderHook(() =>
    usePhotoStepping({ images: photos, imageId: 1, onImageChange: () => {}, hd: false, onStep: () => {} }),
  );
}

describe('stepping between photos', () => {
  it('counts a second Next from the photo the first one went to, before its render has landed', () => {
    const { result } = stepping();
    expect(result.current.current?.id).toBe(1);
    act(() => {
      // Two presses in one go: the viewer has not re-rendered in between.
      for (let i = 0; i < 2; i++) {
        const next = result.current.neighbour(1);
        if (next !== null) result.current.stepTo(next);
      }
    });
    expect(result.current.current?.id).toBe(3);
    act(() => {
      const back = result.current.neighbour(-1);
      if (back !== null) result.current.stepTo(back);
    });
    expect(result.current.current?.id).toBe(2);
  });

  it('has no neighbour past either end', () => {
    const { result } = stepping();
    expect(result.current.neighbour(-1)).toBeNull();
    act(() => result.current.stepTo(4));
    expect(result.current.neighbour(1)).toBeNull();
    expect(result.current.neighbour(-1)).toBe(3);
  });
});

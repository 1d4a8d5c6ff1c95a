import type { Annotation } from '@linewalker/domain';
import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render.tsx';
import { annotationOf } from '../testing/annotationFixture.ts';
import { createStepStore, SteppingStage } from './SteppingStage.tsx';

const photo = (id: number) => ({ id, width: 640, height: 480, image_name: `IMG_${id}.JPG` });
const PHOTOS = [photo(1), photo(2)];

const mark = annotationOf({ id: 5, image_id: 1, sub_category: null, sub_category_text: null });

function stage(step: ReturnType<typeof createStepStore>, imageId: number, annotations: Annotation[]) {
  return (
    <SteppingStage
      step={step}
      photos={PHOTOS}
      image={photo(imageId)}
      neighbourIds={[]}
      onShown={vi.fn()}
      hd={false}
      annotations={annotations}
      showAnnotations
      selectedId={null}
      onSelect={vi.fn()}
      drawMode={null}
      pending={null}
      onShapeDrawn={vi.fn()}
      onFirstZoom={vi.fn()}
    />
  );
}

const shownPhoto = () => screen.getByTestId('viewer-stage').getAttribute('data-image-id');
const marks = () => screen.queryByTestId('annotation-layer')?.querySelectorAll('rect').length ?? 0;

describe('SteppingStage', () => {
  it('shows the stepped-to photo at once, without the previous photo’s marks, until the viewer catches up', () => {
    const step = createStepStore();
    const { rerender } = renderWithProviders(stage(step, 1, [mark]));
    expect(shownPhoto()).toBe('1');
    expect(marks()).toBe(1);

    act(() => step.set(2));
    expect(shownPhoto()).toBe('2');
    expect(marks()).toBe(0);

    // The viewer re-rendered with photo 2 and its (here: no) marks; then back to photo 1 with its mark.
    rerender(stage(step, 2, []));
    act(() => step.set(null));
    expect(shownPhoto()).toBe('2');
    rerender(stage(step, 1, [mark]));
    expect(shownPhoto()).toBe('1');
    expect(marks()).toBe(1);
  });

  it('ignores a step to a photo outside the view, and one the viewer already shows', () => {
    const step = createStepStore();
    renderWithProviders(stage(step, 1, [mark]));
    act(() => step.set(99));
    expect(shownPhoto()).toBe('1');
    act(() => step.set(1));
    expect(shownPhoto()).toBe('1');
    expect(marks()).toBe(1);
  });
});

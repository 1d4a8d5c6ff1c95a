import type { Annotation } from '@linewalker/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, sessionFor } from '../../../testing/render.tsx';
import { annotationOf } from '../testing/annotationFixture.ts';
import { AnnotationSidebar } from './AnnotationSidebar.tsx';

const mark = annotationOf;

const ettMark = mark({
  id: 2,
  annotation_number: 2,
  category: null,
  category_text: null,
  sub_category: null,
  sub_category_text: null,
  ett_evaluation_code_value: 'C3',
  ett_evaluation_description: 'Cracked weld',
  ett_knuckle_flat_position: 'Knuckle 2',
});

function sidebar(annotations: Annotation[], selected: Annotation | null) {
  return renderWithProviders(
    <AnnotationSidebar
      annotations={annotations}
      selected={selected}
      canDelete={false}
      deleting={false}
      onSelect={() => {}}
      onDelete={() => {}}
      onClose={() => {}}
    />,
    { session: sessionFor('inspector') },
  );
}

describe('Annotation side bar', () => {
  it('names a mark by its component and deficiency, or by its ETT code and knuckle/flat position', () => {
    sidebar([mark({}), ettMark], null);
    expect(screen.getByText('Crossarm · Split')).toBeTruthy();
    expect(screen.getByText('C3 · Knuckle 2')).toBeTruthy();
  });

  it("shows an ETT mark's evaluation code and position in its detail, not an empty component", () => {
    sidebar([ettMark], ettMark);
    expect(screen.getByText('Evaluation Code')).toBeTruthy();
    expect(screen.getByText('C3 · Cracked weld')).toBeTruthy();
    expect(screen.getByText('Knuckle 2')).toBeTruthy();
    expect(screen.queryByText('Component')).toBeNull();
  });
});

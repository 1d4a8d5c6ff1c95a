import type { Annotation } from '@linewalker/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, sessionFor } from '../../../testing/render.tsx';
import { AnnotationSidebar } from './AnnotationSidebar.tsx';

const mark = (over: Partial<Annotation>): Annotation => ({
  id: 1,
  image_id: 9,
  annotation_number: 1,
  shape: 'rect',
  rectangle: { x: 10, y: 10, width: 40, height: 30 },
  polygon: null,
  risk_level: 3,
  category: 4,
  category_text: 'Crossarm',
  sub_category: 7,
  sub_category_text: 'Split',
  note: null,
  image_width: 640,
  image_height: 480,
  created_by_name: 'Ivy Inspector',
  created_at: '2026-06-01T12:00:00Z',
  ett_evaluation_code_value: null,
  ett_evaluation_description: null,
  ett_knuckle_flat_position: null,
  ...over,
});

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

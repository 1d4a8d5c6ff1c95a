import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../testing/render.tsx';
import { LoadingStatus } from './StructuresLoading.tsx';

describe('LoadingStatus (the structures loading overlay)', () => {
  it('shows the download in MB and percent when its length is known', () => {
    renderWithProviders(<LoadingStatus download={{ loaded: 1_000_000, total: 4_000_000 }} drawing={null} />);
    expect(screen.getByRole('status').textContent).toBe('Loading structures… 1.0 of 4.0 MB (25 %)');
    expect(screen.getByRole('progressbar', { name: 'Structures loaded' }).getAttribute('aria-valuenow')).toBe(
      '25',
    );
  });

  it('shows the bytes so far when the length is not known, then the drawing stage', () => {
    const { rerender } = renderWithProviders(
      <LoadingStatus download={{ loaded: 2_500_000, total: null }} drawing={null} />,
    );
    expect(screen.getByRole('status').textContent).toBe('Loading structures… 2.5 MB');
    rerender(<LoadingStatus download={{ loaded: 2_500_000, total: null }} drawing={50_000} />);
    expect(screen.getByRole('status').textContent).toBe('Drawing 50,000 structures on the map…');
  });
});

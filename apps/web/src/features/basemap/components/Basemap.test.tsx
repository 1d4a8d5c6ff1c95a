import type { BasemapExtract } from '@linewalker/domain';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render.tsx';
import { BasemapExtractDetails, boundsText } from './BasemapExtractDetails.tsx';
import { BasemapUpload } from './BasemapUpload.tsx';

const extract: BasemapExtract = {
  id: 4,
  url: '/api/v1/basemap/extracts/4',
  name: 'bremen.pmtiles',
  sizeBytes: 48_500_000,
  tileType: 'vector',
  minZoom: 0,
  maxZoom: 14,
  bounds: [8.4813, 53.011, 8.9907, 53.2288],
  uploadedBy: 'Dana Whitfield',
  createdAt: '2026-11-20T09:15:00.000Z',
};

describe('the Basemap admin page', () => {
  it('describes the extract in use: name, size, tiles, zooms, area and who uploaded it', () => {
    renderWithProviders(<BasemapExtractDetails extract={extract} />);
    const cell = (label: string) => screen.getByText(label).closest('tr')!.querySelector('td')!.textContent;
    expect(cell('Name')).toBe('bremen.pmtiles');
    expect(cell('Size')).toBe('46 MB');
    expect(cell('Tiles')).toBe('Vector (streets drawn by the app)');
    expect(cell('Zoom levels')).toBe('0 to 14');
    expect(cell('Area')).toBe('West 8.4813° E, South 53.0110° N, East 8.9907° E, North 53.2288° N');
    expect(cell('Uploaded by')).toBe('Dana Whitfield');
  });

  it('writes western and southern edges with W and S', () => {
    expect(boundsText([-97.5, -33.25, -97, 0])).toBe(
      'West 97.5000° W, South 33.2500° S, East 97.0000° W, North 0.0000° N',
    );
  });

  it('refuses a file that is not .pmtiles before sending anything, saying the extract in use stays', async () => {
    const { container } = renderWithProviders(<BasemapUpload replacing />);
    expect(screen.getByRole('button', { name: 'Replace extract' })).toBeTruthy();
    const input = container.ownerDocument.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, {
      target: { files: [new File(['hello'], 'notes.txt', { type: 'text/plain' })] },
    });
    expect((await screen.findByRole('alert')).textContent).toContain(
      'notes.txt is not a .pmtiles file. Choose a PMTiles map extract. The extract in use stays.',
    );
  });
});

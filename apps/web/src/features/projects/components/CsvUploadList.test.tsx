import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render.tsx';
import type { CsvFile } from '../csv/csvFile.ts';
import { CsvUploadList } from './CsvUploadList.tsx';

const file = (upload: CsvFile['upload']) =>
  ({ key: 'a', file: new File(['x'], 'poles.csv'), upload }) as unknown as CsvFile;

const bar = () => screen.getByRole('progressbar', { name: 'Upload of poles.csv' });

describe('CsvUploadList', () => {
  it('keeps the bar when the upload ends (full), so the row and the button below do not move', () => {
    const { rerender } = renderWithProviders(
      <CsvUploadList
        files={[file({ phase: 'uploading', percent: 40 } as CsvFile['upload'])]}
        onRemove={() => {}}
      />,
    );
    expect(bar().getAttribute('aria-valuenow')).toBe('40');
    rerender(
      <CsvUploadList
        files={[file({ phase: 'ready', percent: 100 } as CsvFile['upload'])]}
        onRemove={() => {}}
      />,
    );
    expect(bar().getAttribute('aria-valuenow')).toBe('100');
    expect(screen.getByText('Uploaded')).toBeTruthy();
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../testing/render.tsx';
import { SkipChoice, skippedFileName } from './SkipChoice.tsx';

describe('SkipChoice', () => {
  it("offers 'Import N valid rows, skip M' and reports the choice", async () => {
    const choices: boolean[] = [];
    renderWithProviders(
      <SkipChoice
        validRows={1200}
        errorRows={3}
        checked={false}
        onChange={(v) => choices.push(v)}
        fetchSkipped={async () => ({ fileName: 'a.csv', text: '' })}
      />,
    );
    await userEvent.click(screen.getByRole('checkbox', { name: 'Import 1,200 valid rows, skip 3' }));
    expect(choices).toEqual([true]);
  });

  it('says when the skipped rows cannot be downloaded', async () => {
    renderWithProviders(
      <SkipChoice
        validRows={2}
        errorRows={1}
        checked
        onChange={() => {}}
        fetchSkipped={() => Promise.reject(new Error('offline'))}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Download skipped rows' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain('The skipped rows could not be downloaded.'),
    );
  });

  it('names the download after the file', () => {
    expect(skippedFileName('Bremen.kmz')).toBe('Bremen-skipped-rows.csv');
    expect(skippedFileName('towers.CSV')).toBe('towers-skipped-rows.csv');
    expect(skippedFileName('feeder.kml')).toBe('feeder-skipped-rows.csv');
  });
});

import type { KmzFileCheck } from '@linewalker/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render.tsx';
import { importPercent } from './BidImportProgress.tsx';
import { KmzCheckSummary } from './KmzCheckSummary.tsx';
import { kmzMappingOf } from './useKmzFiles.ts';

const mapping = {
  url: 'kmz/1/a.kmz',
  name: 'a.kmz',
  lineField: 'folder',
  lineName: null,
  structureField: 'name',
  skipInvalidRows: false,
};

const check = (over: Partial<KmzFileCheck> = {}): KmzFileCheck => ({
  url: mapping.url,
  name: 'a.kmz',
  points: 10,
  validRows: 7,
  repeated: 0,
  errorRowCount: 3,
  duplicates: 2,
  tooLong: 1,
  reasons: ['3 placemarks cannot be structures.'],
  errorRows: [
    { rowNumber: 4, text: 'Row 4: A1 repeats a structure of Line A at another point.' },
  ] as KmzFileCheck['errorRows'],
  ...over,
});

describe('KmzCheckSummary', () => {
  it('counts valid rows, duplicates and too-long names, and offers the skip', async () => {
    const choices: boolean[] = [];
    renderWithProviders(
      <KmzCheckSummary
        check={check()}
        kmzs={[mapping]}
        index={0}
        skipInvalidRows={false}
        onSkipChange={(v) => choices.push(v)}
      />,
    );
    expect(screen.getByRole('status').textContent).toContain('7 valid rows; 2 duplicates; 1 name too long.');
    expect(screen.getByText(/Placemark 4: A1 repeats/)).toBeTruthy();
    expect(screen.getByText('3 placemarks cannot be structures.')).toBeTruthy();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Import 7 valid rows, skip 3' }));
    expect(choices).toEqual([true]);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Download skipped rows' }).disabled).toBe(
      false,
    );
  });

  it('hides the reasons once the skip is chosen, and says when all is valid', () => {
    const { unmount } = renderWithProviders(
      <KmzCheckSummary
        check={check({ reasons: [] })}
        kmzs={[mapping]}
        index={0}
        skipInvalidRows
        onSkipChange={() => {}}
      />,
    );
    expect(screen.queryByText('3 placemarks cannot be structures.')).toBeNull();
    unmount();
    renderWithProviders(
      <KmzCheckSummary
        check={check({
          validRows: 10,
          errorRowCount: 0,
          duplicates: 0,
          tooLong: 0,
          reasons: [],
          errorRows: [],
        })}
        kmzs={[mapping]}
        index={0}
        skipInvalidRows={false}
        onSkipChange={() => {}}
      />,
    );
    expect(screen.getByText(/No errors: 10 valid rows; 0 duplicates; 0 names too long\./)).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('says when no placemark can be a structure, without a skip', () => {
    renderWithProviders(
      <KmzCheckSummary
        check={check({ validRows: 0, reasons: ['No placemark of the file can be a structure as mapped.'] })}
        kmzs={[mapping]}
        index={0}
        skipInvalidRows
        onSkipChange={() => {}}
      />,
    );
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.getByText('No placemark of the file can be a structure as mapped.')).toBeTruthy();
  });
});

describe('the KMZ step helpers', () => {
  it('maps a file as the check and the save name it', () => {
    const base = {
      key: 1,
      name: 'a.kmz',
      progress: 100,
      status: 'ready' as const,
      error: null,
      url: 'kmz/1/a.kmz',
      fields: null,
      lineMode: 'name' as const,
      lineField: 'folder',
      lineName: 'Feeder 9',
      structureField: 'name',
      skipInvalidRows: true,
    };
    expect(kmzMappingOf(base)).toEqual({
      ...mapping,
      lineName: 'Feeder 9',
      lineField: null,
      skipInvalidRows: true,
    });
  });

  it('shows whole percents, never 100 before the end', () => {
    expect(importPercent(null)).toBe(0);
    expect(importPercent({ done: 0, total: 0 })).toBe(0);
    expect(importPercent({ done: 1, total: 3 })).toBe(33);
    expect(importPercent({ done: 999, total: 1000 })).toBe(99);
  });
});

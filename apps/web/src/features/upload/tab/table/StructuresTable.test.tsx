import type { UploadImage } from '@linewalker/domain';
import { screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../../lib/queryKeys.ts';
import { fakeApi, renderWithProviders, testQueryClient } from '../../../../testing/render.tsx';
import { image, structure } from '../model/testData.ts';
import { DEFAULT_STRUCTURE_SORT, StructuresTable, type StructuresTableProps } from './StructuresTable.tsx';

// happy-dom lays nothing out: give every box a size so the virtualised rows render.
const sizes = { clientHeight: 2000, clientWidth: 1400 };
const restore: Array<() => void> = [];
beforeAll(() => {
  for (const [key, value] of Object.entries(sizes)) {
    let owner: object | null = HTMLElement.prototype;
    while (owner && !Object.hasOwn(owner, key)) owner = Object.getPrototypeOf(owner);
    const target = owner ?? HTMLElement.prototype;
    const descriptor = Object.getOwnPropertyDescriptor(target, key);
    Object.defineProperty(target, key, { configurable: true, get: () => value });
    restore.push(() =>
      descriptor ? Object.defineProperty(target, key, descriptor) : Reflect.deleteProperty(target, key),
    );
  }
});
afterAll(() => {
  for (const undo of restore) undo();
});

const PROJECT = 5;
const STRUCTURES = [
  structure({ structure_id: 2, struct_num: 'T-10', line_name: 'North', image_count: 5, inspected: true }),
  structure({
    structure_id: 1,
    struct_num: 'T-9',
    line_name: 'North',
    image_count: 2,
    structure_source_type_id: 1,
  }),
  structure({
    structure_id: 3,
    struct_num: 'T-11',
    line_name: 'South',
    image_count: 0,
    structure_source_type_id: 3,
  }),
];

function renderTable(
  overrides: Partial<StructuresTableProps> = {},
  images: Record<number, UploadImage[]> = {},
) {
  const client = testQueryClient();
  for (const s of STRUCTURES) {
    client.setQueryData(queryKeys.uploads.structureImages(PROJECT, s.structure_id), {
      structure: s,
      images: images[s.structure_id] ?? [],
    });
  }
  client.setQueryData(queryKeys.uploads.unassigned(PROJECT), images[0] ?? []);
  const props: StructuresTableProps = {
    projectId: PROJECT,
    structures: STRUCTURES,
    unassignedCount: (images[0] ?? []).length,
    selectedStructureId: null,
    selectedImageIds: new Set(),
    hideImage: (i) => i.rejected,
    onStructureClick: vi.fn(),
    onImageClick: vi.fn(),
    onImageDetails: vi.fn(),
    sort: DEFAULT_STRUCTURE_SORT,
    onSort: vi.fn(),
    ...overrides,
  };
  return { props, ...renderWithProviders(<StructuresTable {...props} />, { client }) };
}

const structureRows = () => screen.getAllByTestId('structure-row');
const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('StructuresTable', () => {
  it('shows the pinned Unassigned Images row, then structures by name with type, images, capture and inspected', () => {
    renderTable();
    const table = screen.getByRole('table', { name: 'Structures' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Expand', 'Structure', 'Line Name', 'Type', 'Images', 'Capture', 'Inspected']);
    expect(cellsOf(screen.getByTestId('unassigned-row')).slice(1, 5)).toEqual([
      'Unassigned Images',
      '--',
      '--',
      '0',
    ]);
    expect(structureRows().map((row) => cellsOf(row).slice(1))).toEqual([
      ['T-9', 'North', 'Manual', '2', '2/5 · 3 short', 'No'],
      ['T-10', 'North', 'KMZ', '5', '5/5', 'Yes'],
      ['T-11', 'South', 'Nadir', '0', '0/5 · 5 short', 'No'],
    ]);
  });

  it('sorts short structures first by Capture, and asks for the next sort from a header click', async () => {
    const { user, props } = renderTable({ sort: { column: 'capture', direction: 'asc' } });
    expect(structureRows().map((row) => cellsOf(row)[1])).toEqual(['T-11', 'T-9', 'T-10']);
    await user.click(screen.getByRole('button', { name: 'Line Name' }));
    expect(props.onSort).toHaveBeenCalledWith({ column: 'line_name', direction: 'asc' });
  });

  it('a row click selects the structure; expanding shows every image column, or No Images Assigned', async () => {
    const photos = [
      image({ image_id: 8, image_name: 'B.JPG', latitude: 0, longitude: 0, meters_from_struct: null }),
      image({ image_id: 7, image_name: 'A.JPG' }),
      image({ image_id: 9, image_name: 'C.JPG', rejected: true }),
    ];
    const { user, props } = renderTable({}, { 1: photos });
    await user.click(screen.getByText('T-9'));
    expect(props.onStructureClick).toHaveBeenCalledWith(STRUCTURES[1]);

    await user.click(screen.getByRole('button', { name: 'Expand T-11' }));
    expect(screen.getByText('No Images Assigned')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Expand T-9' }));
    const inner = screen.getByRole('table', { name: 'Images of T-9' });
    expect(
      within(inner)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Thumbnail',
      'Image Name',
      'Structure Distance',
      'Uploaded By',
      'Uploaded Date',
      'Capture Time',
      'Assigned Date',
      'Drone Model',
      'Coordinates',
    ]);
    const rows = within(inner).getAllByTestId('image-row');
    // Sorted by name; the rejected photo is left out.
    expect(rows.map((row) => cellsOf(row).slice(1))).toEqual([
      [
        'A.JPG',
        '12 m',
        'Dana Whitfield',
        '11/20/2026',
        '11/19/2026 18:30 UTC',
        '11/20/2026',
        'DJI FC6310',
        '46.6001000000, -120.5002000000',
      ],
      [
        'B.JPG',
        '--',
        'Dana Whitfield',
        '11/20/2026',
        '11/19/2026 18:30 UTC',
        '11/20/2026',
        'DJI FC6310',
        'Invalid Coordinates',
      ],
    ]);
    expect(rows[0]!.querySelector('img')?.getAttribute('src')).toBe('/api/v1/image/7?size=THUMBNAIL_IMG');

    await user.click(rows[1]!);
    expect(props.onImageClick).toHaveBeenCalledWith(photos[0]);
    await user.click(within(rows[0]!).getByRole('button', { name: 'A.JPG' }));
    expect(props.onImageDetails).toHaveBeenCalledWith(photos[1]);
  });

  it('the Unassigned Images row expands to the unassigned photos, or No Unassigned Images', async () => {
    const { user } = renderTable();
    await user.click(screen.getByRole('button', { name: 'Expand Unassigned Images' }));
    expect(screen.getByText('No Unassigned Images')).toBeTruthy();
  });

  describe('a photo uploaded moments ago', () => {
    afterEach(() => {
      vi.unstubAllGlobals();
    });

    it('shows Processing… and then its thumbnail once the server has made it, without a reload', async () => {
      const fresh = image({
        image_id: 42,
        image_name: 'NEW.JPG',
        structure_id: null,
        has_thumb: false,
        has_medium: false,
        upload_date: new Date().toISOString(),
      });
      let processed = false;
      const api = fakeApi((request) =>
        request.url.includes('/inspections/getUnassignedImages')
          ? { status: 200, body: [{ ...fresh, has_thumb: processed, has_medium: processed }] }
          : { status: 404, body: {} },
      );
      vi.stubGlobal('fetch', api.fetch);
      const { user } = renderTable({}, { 0: [fresh] });
      await user.click(screen.getByRole('button', { name: 'Expand Unassigned Images' }));
      const row = () =>
        within(screen.getByRole('table', { name: 'Unassigned Images' })).getByTestId('image-row');
      expect(within(row()).getByText('Processing…')).toBeTruthy();
      expect(row().querySelector('img')).toBeNull();

      processed = true;
      await vi.waitFor(
        () => {
          expect(row().querySelector('img')?.getAttribute('src')).toBe('/api/v1/image/42?size=THUMBNAIL_IMG');
        },
        { timeout: 30_000, interval: 100 },
      );
      expect(within(row()).queryByText('Processing…')).toBeNull();
    });

    it('says No preview, and stops asking, when a photo got no thumbnail long after its upload', async () => {
      const api = fakeApi(() => ({ status: 500, body: {} }));
      vi.stubGlobal('fetch', api.fetch);
      const old = image({
        image_id: 43,
        structure_id: null,
        has_thumb: false,
        upload_date: '2026-01-01T00:00:00Z',
      });
      const { user } = renderTable({}, { 0: [old] });
      await user.click(screen.getByRole('button', { name: 'Expand Unassigned Images' }));
      expect(screen.getByText('No preview')).toBeTruthy();
      await new Promise((r) => setTimeout(r, 2_500));
      expect(api.requests).toEqual([]);
    });
  });
});

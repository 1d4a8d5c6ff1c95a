import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { eventually } from '../../../../testing/eventually.ts';
import { fakeApi, renderWithProviders } from '../../../../testing/render.tsx';
import { image } from '../model/testData.ts';
import { AddLineModal } from './AddLineModal.tsx';
import { ImageDetailsModal } from './ImageDetailsModal.tsx';

describe('AddLineModal', () => {
  it('says what is wrong with the name: required, too long, already a line', async () => {
    const api = fakeApi(() => ({
      status: 409,
      body: { code: 'line_exists', message: 'Line already exists' },
    }));
    vi.stubGlobal('fetch', api.fetch);
    const { user } = renderWithProviders(<AddLineModal projectId={5} opened onClose={() => {}} />);
    expect(screen.getByRole('heading', { name: 'Add New Line' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(screen.getByText('Line name is required')).toBeTruthy();
    await user.type(screen.getByLabelText(/Line Name/), 'x'.repeat(51));
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(screen.getByText('Maximum character is 50')).toBeTruthy();
    expect(api.requests).toHaveLength(0);

    await user.clear(screen.getByLabelText(/Line Name/));
    await user.type(screen.getByLabelText(/Line Name/), 'North Feeder');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Line already exists')).toBeTruthy();
    expect(api.requests[0]).toEqual({
      method: 'POST',
      url: '/api/v1/structures/lines',
      body: { lineName: 'North Feeder', projectId: 5 },
    });
  });

  it('closes once the line is created', async () => {
    vi.stubGlobal(
      'fetch',
      fakeApi(() => ({ status: 200, body: { id: 3, line_name: 'North Feeder', line_num: null } })).fetch,
    );
    const onClose = vi.fn();
    const { user } = renderWithProviders(<AddLineModal projectId={5} opened onClose={onClose} />);
    await user.type(screen.getByLabelText(/Line Name/), 'North Feeder');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await eventually(() => expect(onClose).toHaveBeenCalled());
  });
});

describe('ImageDetailsModal', () => {
  it('lists the EXIF entries in words with the verified md5 and size, beside the medium photo', async () => {
    const api = fakeApi(() => ({
      status: 200,
      body: {
        exif: { Make: 'DJI', GPSLatitude: 46.6, dateTimeOriginal: '2026:11:19 18:30:00' },
        md5: 'rL0Y20zC+Fzt72VPzMSk2A==',
        size_bytes: 2_345_678,
      },
    }));
    vi.stubGlobal('fetch', api.fetch);
    renderWithProviders(<ImageDetailsModal image={image({ image_id: 9 })} onClose={() => {}} />);
    expect(await screen.findByText('GPS Latitude')).toBeTruthy();
    expect(screen.getByText('Date Time Original')).toBeTruthy();
    expect(screen.getByText('rL0Y20zC+Fzt72VPzMSk2A==')).toBeTruthy();
    expect(screen.getByText('2.24 MB (2,345,678 bytes)')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'DJI_0001.JPG' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'DJI_0001.JPG' }).getAttribute('src')).toBe(
      '/api/v1/image/9?size=MEDIUM_IMG',
    );
    expect(api.requests[0]!.url).toBe('/api/v1/inspections/images/getExif?imageId=9');
  });

  it("shows 'Invalid Exif' when the metadata cannot be loaded", async () => {
    vi.stubGlobal('fetch', fakeApi(() => ({ status: 404, body: { code: 'not_found', message: 'x' } })).fetch);
    renderWithProviders(<ImageDetailsModal image={image({ image_id: 9 })} onClose={() => {}} />);
    expect(await screen.findByText('Invalid Exif')).toBeTruthy();
  });
});

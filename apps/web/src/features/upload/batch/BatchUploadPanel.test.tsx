import { UPLOAD_STATUS, type UploadStatus } from '@linewalker/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render.tsx';
import { BatchUploadPanel } from './BatchUploadPanel.tsx';
import type { UploadItem, UploadState } from './uploadTypes.ts';

function item(id: number, status: UploadStatus, name = `DJI_${String(id).padStart(4, '0')}.JPG`): UploadItem {
  const done = status === UPLOAD_STATUS.complete;
  const skipped = status === UPLOAD_STATUS.skipped;
  return {
    id,
    file: new File([], name),
    name,
    path: name,
    size: 1,
    type: 'image/jpeg',
    identity: String(id),
    md5: null,
    pct: done || skipped ? 100 : 0,
    status,
    uploadComplete: done,
    alreadyUploaded: skipped,
    uploadSucceeded: done,
    uploadError: null,
  };
}

const state = (items: UploadItem[], patch: Partial<UploadState> = {}): UploadState => ({
  batchId: 1,
  items,
  running: true,
  waitingForNetwork: false,
  cancelled: false,
  failedPrompt: 0,
  finishedRuns: 0,
  ...patch,
});

describe('Batch Upload panel', () => {
  // happy-dom has no layout: the list's scroll box reports the height it has in the browser.
  const original = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
  beforeEach(() => {
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 280 });
  });
  afterEach(() => {
    if (original) Object.defineProperty(HTMLElement.prototype, 'clientHeight', original);
  });

  it('draws only the rows in view of a 2,000-photo batch, with counts per tab', () => {
    const items = Array.from({ length: 2000 }, (_, i) =>
      item(
        i + 1,
        i < 1500 ? UPLOAD_STATUS.complete : i < 1990 ? UPLOAD_STATUS.pending : UPLOAD_STATUS.blobFailed,
      ),
    );
    renderWithProviders(<BatchUploadPanel state={state(items)} onStop={() => {}} />);
    const panel = screen.getByRole('region', { name: 'Batch Upload' });
    expect(
      within(panel)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['All 2,000', 'Pending 490', 'Uploading 0', 'Complete 1,500', 'Failed 10']);
    expect(within(panel).getByTestId('upload-progress').textContent).toBe('75%');
    const rows = within(panel).getAllByRole('listitem');
    expect(rows.length).toBeGreaterThan(3);
    expect(rows.length).toBeLessThan(40);
  });

  it('counts files already in the project under Complete, not Pending', () => {
    const items = [
      item(1, UPLOAD_STATUS.skipped),
      item(2, UPLOAD_STATUS.skipped),
      item(3, UPLOAD_STATUS.complete),
      item(4, UPLOAD_STATUS.pending),
    ];
    renderWithProviders(<BatchUploadPanel state={state(items)} onStop={() => {}} />);
    const panel = screen.getByRole('region', { name: 'Batch Upload' });
    expect(
      within(panel)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['All 4', 'Pending 1', 'Uploading 0', 'Complete 3', 'Failed 0']);
    expect(within(panel).getByText('3 of 4 photos done · 2 already uploaded')).toBeTruthy();
    expect(within(panel).getAllByText('Skipped - Already Uploaded')).toHaveLength(2);
  });

  it('shortens long names to their last 30 characters and says when the network is away', () => {
    const long = '2026-11-20_smoky_hill_tower_inspection_DJI_0001.JPG';
    renderWithProviders(
      <BatchUploadPanel
        state={state([item(1, UPLOAD_STATUS.uploading, long)], { waitingForNetwork: true })}
        onStop={() => {}}
      />,
    );
    expect(screen.getByText(`…${long.slice(-30)}`)).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Waiting for network…');
  });

  it('can be hidden and shown again', async () => {
    const { user } = renderWithProviders(
      <BatchUploadPanel state={state([item(1, UPLOAD_STATUS.complete)])} onStop={() => {}} />,
    );
    await user.click(screen.getByRole('button', { name: 'Hide Batch Upload' }));
    expect(screen.queryByRole('region', { name: 'Batch Upload' })).toBeNull();
    await user.click(screen.getByRole('button', { name: /Show Batch Upload/ }));
    expect(screen.getByRole('region', { name: 'Batch Upload' })).toBeTruthy();
  });
});

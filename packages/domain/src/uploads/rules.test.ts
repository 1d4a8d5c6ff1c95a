import { describe, expect, it } from 'vitest';
import {
  batchProgress,
  failedDialogText,
  failedDialogTitle,
  isAcceptedImageFile,
  isFailedStatus,
  networkBackoffMs,
  parseStepClip,
  retryButtonLabel,
  shortenFileName,
  UPLOAD_STATUS,
  uploadTabCounts,
  uploadTabOf,
} from './rules.ts';

describe('file acceptance', () => {
  it('takes .jpg, .jpeg and .png names with an image/jpeg or image/png type', () => {
    expect(isAcceptedImageFile({ name: 'DJI_0001.JPG', type: 'image/jpeg' })).toBe(true);
    expect(isAcceptedImageFile({ name: 'a.jpeg', type: 'image/jpeg' })).toBe(true);
    expect(isAcceptedImageFile({ name: 'a.png', type: 'image/png' })).toBe(true);
  });
  it('refuses other names, other types, and hidden files or folders on the path', () => {
    expect(isAcceptedImageFile({ name: 'a.heic', type: 'image/heic' })).toBe(false);
    expect(isAcceptedImageFile({ name: 'a.jpg', type: '' })).toBe(false);
    expect(isAcceptedImageFile({ name: 'a.jpg', type: 'image/png' })).toBe(true);
    expect(isAcceptedImageFile({ name: 'notes.txt', type: 'image/jpeg' })).toBe(false);
    expect(isAcceptedImageFile({ name: '._DJI_0001.JPG', type: 'image/jpeg' })).toBe(false);
    expect(isAcceptedImageFile({ name: 'a.jpg', type: 'image/jpeg' }, 'flight/.thumbs/a.jpg')).toBe(false);
    expect(isAcceptedImageFile({ name: 'a.jpg', type: 'image/jpeg' }, 'flight/day 1/a.jpg')).toBe(true);
  });
});

describe('statuses and tabs', () => {
  it('counts any status containing failed as Failed, and skipped (already uploaded) as Complete', () => {
    expect(isFailedStatus(UPLOAD_STATUS.blobFailed)).toBe(true);
    expect(isFailedStatus(UPLOAD_STATUS.skipped)).toBe(false);
    expect(uploadTabOf(UPLOAD_STATUS.skipped)).toBe('Complete');
    expect(uploadTabOf(UPLOAD_STATUS.uploading)).toBe('Uploading');
    expect(
      uploadTabCounts([
        UPLOAD_STATUS.pending,
        UPLOAD_STATUS.uploading,
        UPLOAD_STATUS.complete,
        UPLOAD_STATUS.complete,
        UPLOAD_STATUS.invalidImage,
        UPLOAD_STATUS.skipped,
      ]),
    ).toEqual({ All: 6, Pending: 1, Uploading: 1, Complete: 3, Failed: 1 });
  });
  it('words the failure dialog as the spec does', () => {
    expect(failedDialogTitle(3)).toBe('Error Uploading 3 Images');
    expect(failedDialogText(3)).toBe(
      '3 images failed to upload. Would you like to retry uploading just the failed images?',
    );
    expect(retryButtonLabel(3)).toBe('Retry 3 Images');
  });
});

describe('progress', () => {
  it('is the share of files complete or already uploaded', () => {
    const item = (uploadComplete: boolean, alreadyUploaded = false) => ({ uploadComplete, alreadyUploaded });
    expect(batchProgress([])).toBe(0);
    expect(batchProgress([item(true), item(false, true), item(false)])).toBe(66);
    expect(batchProgress([item(true), item(true)])).toBe(100);
  });
});

describe('file names in the panel', () => {
  it('keeps names up to 29 characters and shows the last 30 of longer ones', () => {
    expect(shortenFileName('a'.repeat(29))).toBe('a'.repeat(29));
    expect(shortenFileName('b'.repeat(30))).toBe('b'.repeat(30));
    const long = `flight-2026-05-01-tower-17-${'x'.repeat(10)}-DJI_0001.JPG`;
    expect(shortenFileName(long)).toBe(`…${long.slice(-30)}`);
  });
});

describe('step clip', () => {
  it('is empty or four angles', () => {
    expect(parseStepClip('  ')).toEqual({ ok: true, value: null });
    expect(parseStepClip('10, 12.5, -3 4')).toEqual({
      ok: true,
      value: { topangleouter: 10, topangle: 12.5, bottomangleouter: -3, bottomangle: 4 },
    });
    expect(parseStepClip('1,2,3')).toEqual({ ok: false });
    expect(parseStepClip('1,2,x,4')).toEqual({ ok: false });
  });
});

it('backs off exponentially while the network is away, up to 30 s', () => {
  expect([0, 1, 2, 3, 10].map(networkBackoffMs)).toEqual([1000, 2000, 4000, 8000, 30_000]);
});

import { useSyncExternalStore } from 'react';
import { getExistingMd5, getImageUploadToken, postImageUploaded, putImageBlob } from './api.ts';
import { readExif } from './exif.ts';
import { hashFile } from './md5Client.ts';
import { probeServer } from './network.ts';
import { browserPersistence } from './persistence.ts';
import { UploadController } from './uploadController.ts';
import type { UploadDeps, UploadState } from './uploadTypes.ts';

/** The real calls, workers and store the page's uploads use. */
export const browserUploadDeps = (): UploadDeps => ({
  existingMd5: getExistingMd5,
  token: getImageUploadToken,
  putBlob: putImageBlob,
  completed: postImageUploaded,
  hash: hashFile,
  readExif,
  probe: probeServer,
  persistence: browserPersistence() ?? undefined,
});

const controllers = new Map<number, UploadController>();

// A reload or a closed tab: write the last file states now rather than after the grouping delay.
if (typeof window !== 'undefined') {
  window.addEventListener(
    'pagehide',
    () =>
      void browserPersistence()
        ?.flush()
        .catch(() => undefined),
  );
}

/**
 * One upload per project for the life of the page: the batch keeps running (and its panel keeps its
 * rows) when the Upload sub-page re-renders or is opened again.
 */
export function uploadControllerFor(
  projectId: number,
  deps: () => UploadDeps = browserUploadDeps,
): UploadController {
  let controller = controllers.get(projectId);
  if (!controller) {
    controller = new UploadController(projectId, deps());
    controllers.set(projectId, controller);
  }
  return controller;
}

export const useUploadState = (controller: UploadController): UploadState =>
  useSyncExternalStore(controller.subscribe, controller.getState, controller.getState);

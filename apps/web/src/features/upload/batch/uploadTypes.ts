import {
  batchProgress,
  type ExistingMd5Response,
  type ImageUploadedBody,
  type ImageUploadedResponse,
  type ImageUploadTokenResponse,
  type StepClipAngles,
  type UploadStatus,
} from '@linewalker/domain';
import type { BatchPersistence } from './persistence.ts';

/** One file of the batch (spec 2 §3 'Local upload item'). */
export interface UploadItem {
  id: number;
  file: File;
  name: string;
  /** Folder path inside the drop, for display; the name alone when dropped as a file. */
  path: string;
  size: number;
  type: string;
  identity: string;
  md5: string | null;
  pct: number;
  status: UploadStatus;
  uploadComplete: boolean;
  alreadyUploaded: boolean;
  uploadSucceeded: boolean;
  uploadError: string | null;
}

export interface UploadState {
  /** Changes with every new batch (the panel re-opens on it). */
  batchId: number;
  items: readonly UploadItem[];
  running: boolean;
  /** A call found no network: the queue is paused and retried with back-off. */
  waitingForNetwork: boolean;
  /** The existing-hash list could not be loaded: the upload was cancelled (spec 2 §8 'Error 1001'). */
  cancelled: boolean;
  /** Set when a run ended with failed files: how many (the 'Error Uploading N Images' dialog). */
  failedPrompt: number;
  /** Changes each time a run ends (the page then reloads structures and stats). */
  finishedRuns: number;
}

export interface UploadOptions {
  projectId: number;
  /** Manual assignment: the chosen structure; null leaves assignment to the server. */
  structureId: number | null;
  stepClip: StepClipAngles | null;
}

export interface UploadDeps {
  existingMd5: (projectId: number, signal: AbortSignal) => Promise<ExistingMd5Response>;
  token: (
    projectId: number,
    md5: string,
    contentType: string,
    signal: AbortSignal,
  ) => Promise<ImageUploadTokenResponse>;
  putBlob: (url: string, file: File, signal: AbortSignal) => Promise<void>;
  completed: (uuid: string, body: ImageUploadedBody, signal: AbortSignal) => Promise<ImageUploadedResponse>;
  hash: (file: File) => Promise<string>;
  readExif: (file: File) => Promise<Record<string, unknown>>;
  probe: (signal: AbortSignal) => Promise<boolean>;
  /** Pause between tries of one step (not network waits). */
  retryDelayMs?: (attempt: number) => number;
  /** How the network gate waits between probes; tests pass a quick one. */
  networkWait?: (ms: number, signal: AbortSignal) => Promise<void>;
  persistence?: BatchPersistence;
}

export interface DroppedFile {
  file: File;
  path: string;
}

export const EMPTY_UPLOAD_STATE: UploadState = {
  batchId: 0,
  items: [],
  running: false,
  waitingForNetwork: false,
  cancelled: false,
  failedPrompt: 0,
  finishedRuns: 0,
};

/** The batch's progress, 0–100. */
export const progressOf = (state: UploadState): number => batchProgress(state.items);

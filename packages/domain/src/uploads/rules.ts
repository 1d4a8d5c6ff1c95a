/**
 * The pure rules of the photo upload (spec 2 §3 'Local upload item', §4 'Batch upload', §5, §8, §9):
 * which files are taken, the exact status words, the progress steps, the panel's tabs and the
 * shortened file names. The browser's pipeline and the Upload dialog use these; no I/O here.
 */

/** Messages of the upload dialog and the upload itself, word for word (spec 2 §5, §8). */
export const UPLOAD_MESSAGES = {
  noValidImages: 'No valid image .jpg, or .jpeg images found to upload.',
  atLeastOne: 'You must upload at least one Image',
  structureRequired: 'Structure must be assigned for manual upload.',
  existingListFailed: 'Error 1001',
  leaveTitle: 'Uploading Images',
  leaveText: 'If you leave this page any remaining images will not be uploaded.',
  leaveStop: 'Stop uploading',
  leaveStay: 'Stay',
} as const;

/** 'Error Uploading N Images' dialog (spec 2 §8). */
export const failedDialogTitle = (n: number): string => `Error Uploading ${n} Images`;
export const failedDialogText = (n: number): string =>
  `${n} images failed to upload. Would you like to retry uploading just the failed images?`;
export const retryButtonLabel = (n: number): string => `Retry ${n} Images`;

/** Per-file statuses, word for word (spec 2 §4 'Batch upload'). */
export const UPLOAD_STATUS = {
  pending: 'Pending',
  uploading: 'Uploading',
  complete: 'Complete',
  skipped: 'Skipped - Already Uploaded',
  invalidImage: 'Failed Invalid Image 1002',
  readError: 'Failed Error Reading File 1003',
  tokenFailed: 'Failed Network Error 1004',
  blobFailed: 'Failed Network Error 1005',
  completionFailed: 'Failed Network Error 1006',
} as const;
export type UploadStatus = (typeof UPLOAD_STATUS)[keyof typeof UPLOAD_STATUS];

/** Per-file progress after each step, percent (spec 2 §4). */
export const UPLOAD_STEP_PCT = {
  metadata: 10,
  md5: 15,
  token: 50,
  blob: 70,
  complete: 100,
} as const;

/** 3 retries after the first try for metadata, token and completion (spec 2 §9). */
export const UPLOAD_TRIES = 4;

/** Slice size the md5 is computed over. */
export const MD5_SLICE_BYTES = 2 * 1024 * 1024;

/** A failed status is any status containing 'failed' (spec 2 §3 'Local upload item'). */
export const isFailedStatus = (status: string): boolean => status.toLowerCase().includes('failed');

export const UPLOAD_TABS = ['All', 'Pending', 'Uploading', 'Complete', 'Failed'] as const;
export type UploadTab = (typeof UPLOAD_TABS)[number];

/**
 * The Batch Upload panel's tab a status belongs to (besides All). A file skipped because the project has it
 * already ('Skipped - Already Uploaded') is done, not waiting: it is counted under Complete, where the batch's
 * progress counts it too (issue 21 §6: re-uploaded files counted as Pending looked stuck), and its row keeps
 * its own status text.
 */
export function uploadTabOf(status: string): Exclude<UploadTab, 'All'> {
  if (isFailedStatus(status)) return 'Failed';
  if (status === UPLOAD_STATUS.complete || status === UPLOAD_STATUS.skipped) return 'Complete';
  if (status === UPLOAD_STATUS.uploading) return 'Uploading';
  return 'Pending';
}

export function uploadTabCounts(statuses: Iterable<string>): Record<UploadTab, number> {
  const counts: Record<UploadTab, number> = { All: 0, Pending: 0, Uploading: 0, Complete: 0, Failed: 0 };
  for (const status of statuses) {
    counts.All++;
    counts[uploadTabOf(status)]++;
  }
  return counts;
}

/** What the overall progress counts of one file (spec 3 'Local upload item'). */
export interface UploadProgressItem {
  uploadComplete: boolean;
  alreadyUploaded: boolean;
}

/** Share of files complete or already uploaded, as a whole percentage (0 for no files). */
export function batchProgress(items: readonly UploadProgressItem[]): number {
  if (items.length === 0) return 0;
  let done = 0;
  for (const item of items) if (item.uploadComplete || item.alreadyUploaded) done++;
  return Math.floor((done * 100) / items.length);
}

/** Names longer than 29 characters are shown as their last 30 (spec 2 §9), after an ellipsis when cut. */
export function shortenFileName(name: string): string {
  if (name.length <= 29) return name;
  const tail = name.slice(-30);
  return tail.length < name.length ? `…${tail}` : tail;
}

/** The image kinds the upload accepts, by content type. */
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;
const ACCEPTED_NAME = /\.(jpe?g|png)$/i;

/** A path segment starting with a dot: hidden files and folders are skipped. */
export const isDotfile = (name: string): boolean => name.startsWith('.');

/**
 * Is this file taken by the upload: a .jpg, .jpeg or .png name and the type image/jpeg or image/png,
 * and no hidden file or folder on its path (spec 2 §5).
 */
export function isAcceptedImageFile(file: { name: string; type: string }, path: string = file.name): boolean {
  if (path.split('/').some((segment) => isDotfile(segment))) return false;
  if (!ACCEPTED_NAME.test(file.name)) return false;
  return (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type.toLowerCase());
}

/** Identity of a file across drops and page loads (the browser gives no path for dropped files). */
export const fileIdentity = (file: { name: string; size: number; lastModified: number }): string =>
  `${file.name}\u0000${file.size}\u0000${file.lastModified}`;

export const STEP_CLIP_FIELDS = ['topangleouter', 'topangle', 'bottomangleouter', 'bottomangle'] as const;
export type StepClipAngles = Record<(typeof STEP_CLIP_FIELDS)[number], number>;
export const STEP_CLIP_MESSAGE = 'Enter four angles separated by commas, or leave it empty.';

/**
 * The Step Clip input (inspection_type 1): empty → none; else four angles in degrees, separated by
 * commas or spaces, in the order top outer, top, bottom outer, bottom.
 */
export function parseStepClip(text: string): { ok: true; value: StepClipAngles | null } | { ok: false } {
  const trimmed = text.trim();
  if (!trimmed) return { ok: true, value: null };
  const parts = trimmed.split(/[\s,;]+/).filter(Boolean);
  if (parts.length !== 4) return { ok: false };
  const numbers = parts.map(Number);
  if (numbers.some((n) => !Number.isFinite(n))) return { ok: false };
  const [topangleouter, topangle, bottomangleouter, bottomangle] = numbers as [
    number,
    number,
    number,
    number,
  ];
  return { ok: true, value: { topangleouter, topangle, bottomangleouter, bottomangle } };
}

/** Exponential back-off while the network is away: 1 s, 2 s, 4 s … at most 30 s. */
export const networkBackoffMs = (attempt: number): number =>
  Math.min(30_000, 1000 * 2 ** Math.max(0, attempt));

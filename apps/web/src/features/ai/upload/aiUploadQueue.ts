import {
  AI_UPLOAD_CONCURRENCY,
  AI_UPLOAD_PERCENT,
  AI_UPLOAD_RETRIES,
  AI_UPLOAD_STATUS,
  type AiUploadStatus,
} from '@linewalker/domain';
import { createMD5 } from 'hash-wasm';
import { ApiRequestError } from '../../../lib/api.ts';
import { putSignedFile } from '../../../lib/signedUpload.ts';
import { aiImageUploaded, aiUploadToken } from '../api/aiModels.ts';

/** Spec 3 §3 'AI upload item'. */
export interface AiUploadItem {
  name: string;
  status: AiUploadStatus;
  percent: number;
  /** Upload complete and succeeded. */
  succeeded: boolean;
  md5: string | null;
  img_width: number | null;
  img_height: number | null;
}

class StepError extends Error {
  constructor(readonly status: AiUploadStatus) {
    super(status);
  }
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

async function md5Base64(file: Blob): Promise<string> {
  const md5 = await createMD5();
  md5.init();
  const SLICE = 2 * 1024 * 1024;
  for (let offset = 0; offset < file.size; offset += SLICE) {
    md5.update(new Uint8Array(await file.slice(offset, offset + SLICE).arrayBuffer()));
  }
  return toBase64(md5.digest('binary'));
}

/** The image's size as the browser shows it (EXIF orientation applied, as the server reads it). */
async function imageSize(file: Blob): Promise<{ width: number; height: number }> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  const size = { width: bitmap.width, height: bitmap.height };
  bitmap.close();
  return size;
}

async function withRetries<T>(tries: number, signal: AbortSignal, step: () => Promise<T>): Promise<T> {
  let last: unknown;
  for (let i = 0; i < tries; i++) {
    if (signal.aborted) throw new DOMException('Stopped', 'AbortError');
    try {
      return await step();
    } catch (err) {
      if (signal.aborted) throw err;
      // A refusal of the file itself will not change on a retry.
      if (err instanceof ApiRequestError && err.status >= 400 && err.status < 500) throw err;
      last = err;
    }
  }
  throw last;
}

/**
 * One file through the spec's steps: metadata (10 %), token (50 %), blob PUT (70 %), completion (100 %);
 * up to 3 tries for metadata, token and completion. Each failure ends with its status.
 */
async function uploadOne(
  modelId: number,
  file: File,
  name: string,
  update: (patch: Partial<AiUploadItem>) => void,
  signal: AbortSignal,
): Promise<void> {
  update({ status: AI_UPLOAD_STATUS.uploading, percent: 0 });
  let md5: string;
  try {
    md5 = await md5Base64(file);
  } catch {
    throw new StepError(AI_UPLOAD_STATUS.readError);
  }
  const size = await withRetries(AI_UPLOAD_RETRIES, signal, () => imageSize(file)).catch(() => {
    throw new StepError(AI_UPLOAD_STATUS.invalidImage);
  });
  update({ md5, img_width: size.width, img_height: size.height, percent: AI_UPLOAD_PERCENT.metadata });
  const contentType = /\.png$/i.test(name) ? 'image/png' : 'image/jpeg';
  const token = await withRetries(AI_UPLOAD_RETRIES, signal, () =>
    aiUploadToken(modelId, contentType, signal),
  ).catch((err) => {
    if (signal.aborted) throw err;
    throw new StepError(AI_UPLOAD_STATUS.tokenFailed);
  });
  update({ percent: AI_UPLOAD_PERCENT.token });
  await putSignedFile(token.signedTokenUrl, file, contentType, () => {}, signal).catch((err) => {
    if (signal.aborted) throw err;
    throw new StepError(AI_UPLOAD_STATUS.blobFailed);
  });
  update({ percent: AI_UPLOAD_PERCENT.blob });
  await withRetries(AI_UPLOAD_RETRIES, signal, () =>
    aiImageUploaded(
      modelId,
      {
        imageUrl: token.imageUrl,
        fileName: name,
        md5_hash: md5,
        img_width: size.width,
        img_height: size.height,
      },
      signal,
    ),
  ).catch((err) => {
    if (signal.aborted) throw err;
    if (err instanceof ApiRequestError && err.code === 'unsupported_file') {
      throw new StepError(AI_UPLOAD_STATUS.invalidImage);
    }
    throw new StepError(AI_UPLOAD_STATUS.completionFailed);
  });
  update({ status: AI_UPLOAD_STATUS.complete, percent: AI_UPLOAD_PERCENT.complete, succeeded: true });
}

/**
 * Uploads the files for a model, two at a time (spec 3 §9), reporting every item's change. Stopped by the
 * signal: items not started stay Pending.
 */
export async function runAiUploads(
  modelId: number,
  files: readonly { file: File; path: string }[],
  onChange: (index: number, patch: Partial<AiUploadItem>) => void,
  signal: AbortSignal,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (!signal.aborted) {
      const index = next++;
      const entry = files[index];
      if (!entry) return;
      try {
        await uploadOne(modelId, entry.file, entry.file.name, (p) => onChange(index, p), signal);
      } catch (err) {
        if (signal.aborted) return;
        onChange(index, {
          status: err instanceof StepError ? err.status : AI_UPLOAD_STATUS.completionFailed,
          succeeded: false,
        });
      }
    }
  };
  await Promise.all(Array.from({ length: AI_UPLOAD_CONCURRENCY }, worker));
}

export const pendingItem = (name: string): AiUploadItem => ({
  name,
  status: AI_UPLOAD_STATUS.pending,
  percent: 0,
  succeeded: false,
  md5: null,
  img_width: null,
  img_height: null,
});

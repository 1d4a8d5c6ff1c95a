import { createHash } from 'node:crypto';
import type { App } from '../platform/http/app.types.ts';
import { pathOf } from './csvUploads.ts';

export const md5Base64 = (bytes: Buffer) => createHash('md5').update(bytes).digest('base64');

export interface PhotoUpload {
  fileName?: string;
  contentType?: 'image/jpeg' | 'image/png';
  structureId?: number | null;
  stepClip?: Record<string, number>;
  /** The md5 the browser declares (default: the real one). */
  md5?: string;
}

export interface Token {
  alreadyUploaded: boolean;
  uuid: string | null;
  signedTokenUrl: string | null;
  imageUrl: string | null;
}

export async function uploadToken(
  app: App,
  headers: Record<string, string>,
  projectId: number,
  md5: string,
  contentType = 'image/jpeg',
) {
  return app.inject({
    url: `/api/v1/inspections/imageUploadToken/?projectId=${projectId}&md5=${encodeURIComponent(md5)}&contentType=${encodeURIComponent(contentType)}`,
    headers,
  });
}

/** The browser's PUT of the bytes to a signed URL. */
export async function putBytes(app: App, token: Token, bytes: Buffer, contentType = 'image/jpeg') {
  const res = await app.inject({
    method: 'PUT',
    url: pathOf(token.signedTokenUrl!),
    payload: bytes,
    headers: { 'content-type': contentType },
  });
  if (res.statusCode !== 200) throw new Error(`PUT failed: ${res.statusCode} ${res.body}`);
}

export function completeUpload(
  app: App,
  headers: Record<string, string>,
  projectId: number,
  token: Token,
  bytes: Buffer,
  opts: PhotoUpload = {},
) {
  return app.inject({
    method: 'POST',
    url: `/api/v1/inspections/imageUploadedV2/${token.uuid}`,
    headers,
    payload: {
      exif: null,
      projectId,
      imageUrl: token.imageUrl,
      fileName: opts.fileName ?? 'DJI_0001.JPG',
      md5Hash: opts.md5 ?? md5Base64(bytes),
      structureId: opts.structureId ?? null,
      imgSizeBytes: bytes.length,
      ...(opts.stepClip ? { stepClip: opts.stepClip } : {}),
    },
  });
}

/** What the browser does for one file: token → PUT → completion. Answers the completion's response. */
export async function uploadPhoto(
  app: App,
  headers: Record<string, string>,
  projectId: number,
  bytes: Buffer,
  opts: PhotoUpload = {},
) {
  const contentType = opts.contentType ?? 'image/jpeg';
  const tokenRes = await uploadToken(app, headers, projectId, md5Base64(bytes), contentType);
  if (tokenRes.statusCode !== 200) throw new Error(`token failed: ${tokenRes.statusCode} ${tokenRes.body}`);
  const token = tokenRes.json<Token>();
  if (token.alreadyUploaded) return { token, res: null };
  await putBytes(app, token, bytes, contentType);
  return { token, res: await completeUpload(app, headers, projectId, token, bytes, opts) };
}

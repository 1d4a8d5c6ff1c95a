import { createHash } from 'node:crypto';
import { type APIRequestContext, expect } from '@playwright/test';
import { json } from './projects.ts';

/** The server's generator of real JPEGs with GPS EXIF and DJI XMP (outside the e2e project: loaded at run time). */
export interface DronePhotos {
  dronePhoto(spec: {
    label: string;
    latitude?: number;
    longitude?: number;
    width?: number;
    height?: number;
  }): Promise<Buffer>;
  flightAround(
    structures: { name: string; latitude: number; longitude: number }[],
    options?: { perStructure?: number; standoffMetres?: number },
  ): Promise<Array<{ name: string; bytes: Buffer }>>;
}
const DRONE_PHOTOS = new URL('../../apps/server/src/testing/dronePhotos.ts', import.meta.url).href;

export const dronePhotos = async (): Promise<DronePhotos> => (await import(DRONE_PHOTOS)) as DronePhotos;

export interface PhotoToUpload {
  fileName: string;
  bytes: Buffer;
  /** Manual assignment to this structure; unset, the server places the photo by its GPS (or leaves it unassigned). */
  structureId?: number;
  /** Step-clip angles as the upload dialog sends them on component-level projects. */
  stepClip?: { topangleouter?: number; topangle?: number; bottomangleouter?: number; bottomangle?: number };
}

export interface UploadedPhoto {
  fileName: string;
  /** null when the project held these bytes already (the server skips them). */
  imageId: number | null;
  /** md5 of the bytes, hex: what a delivery's index.csv lists. */
  md5Hex: string;
}

/** One photo through the real upload API, as the browser sends it: token → PUT of the bytes → imageUploadedV2. */
async function uploadPhoto(
  request: APIRequestContext,
  projectId: number,
  photo: PhotoToUpload,
): Promise<UploadedPhoto> {
  const md5 = createHash('md5').update(photo.bytes).digest('base64');
  const md5Hex = createHash('md5').update(photo.bytes).digest('hex');
  const token = await json<{
    alreadyUploaded: boolean;
    uuid: string;
    signedTokenUrl: string;
    imageUrl: string;
  }>(await request.get('/api/v1/inspections/imageUploadToken', { params: { projectId, md5 } }));
  if (token.alreadyUploaded) return { fileName: photo.fileName, imageId: null, md5Hex };
  const put = await request.put(token.signedTokenUrl, {
    data: photo.bytes,
    headers: { 'content-type': 'image/jpeg' },
  });
  expect(put.ok(), await put.text()).toBe(true);
  const done = await json<{ imageId: number | null }>(
    await request.post(`/api/v1/inspections/imageUploadedV2/${token.uuid}`, {
      data: {
        projectId,
        imageUrl: token.imageUrl,
        fileName: photo.fileName,
        md5Hash: md5,
        imgSizeBytes: photo.bytes.length,
        structureId: photo.structureId,
        stepClip: photo.stepClip,
      },
    }),
  );
  return { fileName: photo.fileName, imageId: done.imageId, md5Hex };
}

/**
 * Uploads the photos through the real upload API (as the page's user) and waits until the background
 * processing has made every one's thumbnail and medium, so a journey starts from photos the pages can show.
 */
export async function uploadPhotos(
  request: APIRequestContext,
  projectId: number,
  photos: PhotoToUpload[],
  { timeout = 120_000 }: { timeout?: number } = {},
): Promise<UploadedPhoto[]> {
  const uploaded: UploadedPhoto[] = [];
  for (const photo of photos) uploaded.push(await uploadPhoto(request, projectId, photo));
  const names = new Set(photos.map((p) => p.fileName));
  await expect
    .poll(
      async () => {
        // The newest photos of the project, rejected and unassigned ones included.
        const { rows } = await json<{
          rows: Array<{ image_name: string; has_thumb: boolean; has_medium: boolean }>;
        }>(
          await request.get('/api/v1/inspections/images', {
            params: { projectId, limit: 1000, orderBy: 'upload_date', order: 'DESC' },
          }),
        );
        const processed = rows.filter((r) => names.has(r.image_name) && r.has_thumb && r.has_medium);
        return new Set(processed.map((r) => r.image_name)).size;
      },
      { message: 'every uploaded photo is processed', timeout, intervals: [250, 500, 1000] },
    )
    .toBe(names.size);
  return uploaded;
}

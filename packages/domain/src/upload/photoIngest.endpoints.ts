import {
  CheckImagesUploadedBody,
  CheckImagesUploadedResponse,
  ExistingMd5Response,
  ImageUploadedBody,
  ImageUploadedResponse,
  ImageUploadTokenQuery,
  ImageUploadTokenResponse,
  ProjectIdQuery,
  UploadUuidParam,
} from '../api/images.ts';
import { defineEndpoint } from '../http/endpoint.ts';

const existingMd5 = (path: string) =>
  defineEndpoint({ method: 'GET', path, query: ProjectIdQuery, response: ExistingMd5Response });
const imageUploadToken = (path: string) =>
  defineEndpoint({ method: 'GET', path, query: ImageUploadTokenQuery, response: ImageUploadTokenResponse });
const imageUploaded = (path: string) =>
  defineEndpoint({
    method: 'POST',
    path,
    params: UploadUuidParam,
    body: ImageUploadedBody,
    response: ImageUploadedResponse,
  });

/**
 * The photo upload calls of the Upload tab (spec 2 §4 'Batch upload', §7; paths from spec 3 §7). The
 * catalogue writes existingMd5 and imageUploadToken with a trailing slash; both spellings are served.
 */
export const photoIngestEndpoints = {
  existingMd5: existingMd5('/inspections/existingMd5/'),
  existingMd5NoSlash: existingMd5('/inspections/existingMd5'),
  imageUploadToken: imageUploadToken('/inspections/imageUploadToken/'),
  imageUploadTokenNoSlash: imageUploadToken('/inspections/imageUploadToken'),
  imageUploadedV2: imageUploaded('/inspections/imageUploadedV2/:uuid'),
  imageUploaded: imageUploaded('/inspections/imageUploaded/:uuid'),
  postCheckImagesUploaded: defineEndpoint({
    method: 'POST',
    path: '/inspections/checkImagesUploaded',
    body: CheckImagesUploadedBody,
    response: CheckImagesUploadedResponse,
  }),
};

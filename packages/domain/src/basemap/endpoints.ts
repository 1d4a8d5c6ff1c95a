import { z } from 'zod';
import { SignUploadResponse } from '../api/uploads.ts';
import { BasemapExtract, UseBasemapExtractRequest } from '../common.ts';
import { defineEndpoint } from '../http/endpoint.ts';

/** The self-hosted basemap extract (super admins): sign an upload, use it, read and remove the current one. */
export const basemapEndpoints = {
  sign: defineEndpoint({ method: 'POST', path: '/basemap/extracts/sign', response: SignUploadResponse }),
  use: defineEndpoint({
    method: 'POST',
    path: '/basemap/extracts',
    body: UseBasemapExtractRequest,
    response: BasemapExtract,
  }),
  current: defineEndpoint({
    method: 'GET',
    path: '/basemap/extracts/current',
    response: BasemapExtract.nullable(),
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/basemap/extracts/current',
    response: z.object({ removed: z.boolean() }),
  }),
};

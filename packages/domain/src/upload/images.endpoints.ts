import { z } from 'zod';
import { ExifQuery, ExifResponse, ImageSizeQuery } from '../api/images.ts';
import { IdParam } from '../common.ts';
import { defineEndpoint } from '../http/endpoint.ts';
import { TileParams } from '../images/deepZoom.ts';

/** The uploadImages calls (the server's uploadImages routes and the web's calls to them). */
export const uploadImagesEndpoints = {
  /** Answers a file or a redirect, not JSON. */
  imageBytes: defineEndpoint({
    method: 'GET',
    path: '/image/:id',
    params: IdParam,
    query: ImageSizeQuery,
    response: z.unknown(),
  }),
  /** Answers a file or a redirect, not JSON. */
  imageTile: defineEndpoint({
    method: 'GET',
    path: '/image/:id/tiles/:level/:col/:row',
    params: TileParams,
    response: z.unknown(),
  }),
  exifOf: defineEndpoint({
    method: 'GET',
    path: '/inspections/images/getExif',
    query: ExifQuery,
    response: ExifResponse,
  }),
};

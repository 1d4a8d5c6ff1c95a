import { z } from 'zod';
import { IdParam } from '../common.ts';
import { defineEndpoint } from '../http/endpoint.ts';

/** The basemapMore calls (the server's basemapMore routes and the web's calls to them). */
export const basemapMoreEndpoints = {
  /** Answers a file or a redirect, not JSON. */
  readExtractBytes: defineEndpoint({
    method: 'GET',
    path: '/basemap/extracts/:id',
    params: IdParam,
    response: z.unknown(),
  }),
};

import { Check3DQuery, Check3DResponse, Process3DBody, Process3DResponse } from '../api/structure3d.ts';
import { defineEndpoint } from '../http/endpoint.ts';

/** The structure3d calls (the server's structure3d routes and the web's calls to them). */
export const structure3dEndpoints = {
  check3D: defineEndpoint({
    method: 'GET',
    path: '/structures/check3D',
    query: Check3DQuery,
    response: Check3DResponse,
  }),
  process3D: defineEndpoint({
    method: 'POST',
    path: '/structures/process3D',
    body: Process3DBody,
    response: Process3DResponse,
  }),
};

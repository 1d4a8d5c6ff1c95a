import {
  ImageIdentifiersResponse,
  ImageToIdentifiersQuery,
  ImageToIdentifiersResponse,
  StepClipBody,
  StepClipResponse,
  UpdateIdentifierQuery,
  UpdateIdentifierResponse,
} from '../api/imageInfo.ts';
import { IdParam } from '../common.ts';
import { defineEndpoint } from '../http/endpoint.ts';

/** The imageInfo calls (the server's imageInfo routes and the web's calls to them). */
export const imageInfoEndpoints = {
  getImageIdentifiers: defineEndpoint({
    method: 'GET',
    path: '/annotations/imageIdentifiers',
    response: ImageIdentifiersResponse,
  }),
  getImageToIdentifiers: defineEndpoint({
    method: 'GET',
    path: '/annotations/imageToIdentifiers',
    query: ImageToIdentifiersQuery,
    response: ImageToIdentifiersResponse,
  }),
  putUpdateIdentifier: defineEndpoint({
    method: 'PUT',
    path: '/annotations/updateIdentifier',
    query: UpdateIdentifierQuery,
    response: UpdateIdentifierResponse,
  }),
  putStepclipById: defineEndpoint({
    method: 'PUT',
    path: '/inspections/images/stepclip/:id',
    params: IdParam,
    body: StepClipBody,
    response: StepClipResponse,
  }),
};

import { z } from 'zod';
import {
  ImageIdBody,
  InspectionImage,
  InspectionImagesQuery,
  MarkedResponse,
  RequestReshootBody,
  ReviewActionResponse,
  ReviewHistoryEntry,
  ViewerInspection,
} from '../api/review.ts';
import { IdParam } from '../common.ts';
import { defineEndpoint } from '../http/endpoint.ts';

/** The viewer calls (the server's viewer routes and the web's calls to them). */
export const viewerEndpoints = {
  inspection: defineEndpoint({
    method: 'GET',
    path: '/review/inspections/:id',
    params: IdParam,
    response: ViewerInspection,
  }),
  history: defineEndpoint({
    method: 'GET',
    path: '/review/inspections/:id/history',
    params: IdParam,
    response: z.array(ReviewHistoryEntry),
  }),
  images: defineEndpoint({
    method: 'GET',
    path: '/inspections/images/:id',
    params: IdParam,
    query: InspectionImagesQuery,
    response: z.array(InspectionImage),
  }),
  requestReshoot: defineEndpoint({
    method: 'POST',
    path: '/inspections/requestReshoot/:id',
    params: IdParam,
    body: RequestReshootBody,
    response: ReviewActionResponse,
  }),
  withdrawReshoot: defineEndpoint({
    method: 'POST',
    path: '/inspections/unRequestReshoot/:id',
    params: IdParam,
    response: ReviewActionResponse,
  }),
  escalate: defineEndpoint({
    method: 'POST',
    path: '/inspections/escalate/:id',
    params: IdParam,
    response: ReviewActionResponse,
  }),
  imageViewed: defineEndpoint({
    method: 'POST',
    path: '/inspections/imageViewed',
    body: ImageIdBody,
    response: MarkedResponse,
  }),
  imageZoomed: defineEndpoint({
    method: 'POST',
    path: '/inspections/imageZoomed',
    body: ImageIdBody,
    response: MarkedResponse,
  }),
};

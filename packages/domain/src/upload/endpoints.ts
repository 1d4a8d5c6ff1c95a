import { z } from 'zod';
import {
  ByBoundsQuery,
  ByBoundsResponse,
  ImageListQuery,
  ImageListResponse,
  ProjectIdQuery,
  ReassignImagesBody,
  ReassignImagesQuery,
  ReassignImagesResponse,
  RejectImagesBody,
  StructureImagesQuery,
  StructureWithImages,
  UploadImage,
  UploadStats,
  UploadStructure,
} from '../api/images.ts';
import { IdParam } from '../common.ts';
import { defineEndpoint } from '../http/endpoint.ts';

/** The answer of a change to several photos: how many it changed. */
export const ImagesChanged = z.object({
  ok: z.literal(true),
  success: z.literal(true),
  count: z.number().int(),
});
export type ImagesChanged = z.infer<typeof ImagesChanged>;

/** The Upload page (spec 2 §7): structures with their photos, unassigned photos, stats, reassigning, rejecting. */
export const uploadEndpoints = {
  structures: defineEndpoint({
    method: 'GET',
    path: '/inspections/structures',
    query: ProjectIdQuery,
    response: z.array(UploadStructure),
  }),
  structureWithImages: defineEndpoint({
    method: 'GET',
    path: '/inspections/getStructureWithImages',
    query: StructureImagesQuery,
    response: StructureWithImages,
  }),
  unassignedImages: defineEndpoint({
    method: 'GET',
    path: '/inspections/getUnassignedImages',
    query: ProjectIdQuery,
    response: z.array(UploadImage),
  }),
  imagesByBounds: defineEndpoint({
    method: 'GET',
    path: '/inspections/images/byBounds',
    query: ByBoundsQuery,
    response: ByBoundsResponse,
  }),
  stats: defineEndpoint({
    method: 'GET',
    path: '/inspections/uploadStats',
    query: ProjectIdQuery,
    response: UploadStats,
  }),
  images: defineEndpoint({
    method: 'GET',
    path: '/inspections/images',
    query: ImageListQuery,
    response: ImageListResponse,
  }),
  reassignImages: defineEndpoint({
    method: 'PUT',
    path: '/inspections/reassignImages',
    query: ReassignImagesQuery,
    body: ReassignImagesBody,
    response: ReassignImagesResponse,
  }),
  rejectImages: defineEndpoint({
    method: 'POST',
    path: '/inspections/images/reject',
    body: RejectImagesBody,
    response: ImagesChanged,
  }),
  unrejectImage: defineEndpoint({
    method: 'POST',
    path: '/inspections/images/unreject/:id',
    params: IdParam,
    response: ImagesChanged,
  }),
};

import { z } from 'zod';
import { CreateAiPatchResponse } from '../api/ai.ts';
import {
  AddCategoryResponse,
  AddComponentBody,
  AddDeficiencyBody,
  Annotation,
  CategoriesResponse,
  CreateAnnotationBody,
  CreateAnnotationResponse,
  UpdateNoteBody,
  UpdateNoteQuery,
  UpdateNoteResponse,
} from '../api/annotations.ts';
import { IdParam } from '../common.ts';
import { defineEndpoint } from '../http/endpoint.ts';

/** The annotations calls (the server's annotations routes and the web's calls to them). */
export const annotationsEndpoints = {
  imageAnnotations: defineEndpoint({
    method: 'GET',
    path: '/inspections/getImageAnnotations/:id',
    params: IdParam,
    response: z.array(Annotation),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/annotations',
    body: CreateAnnotationBody,
    response: z.union([CreateAnnotationResponse, CreateAiPatchResponse]),
  }),
  getCategories: defineEndpoint({
    method: 'GET',
    path: '/annotations/categories',
    response: CategoriesResponse,
  }),
  postAddComponent: defineEndpoint({
    method: 'POST',
    path: '/annotations/newComponent/addComponent',
    body: AddComponentBody,
    response: AddCategoryResponse,
  }),
  postAddDeficiency: defineEndpoint({
    method: 'POST',
    path: '/annotations/newDeficiency/addDeficiency',
    body: AddDeficiencyBody,
    response: AddCategoryResponse,
  }),
  putUpdateNote: defineEndpoint({
    method: 'PUT',
    path: '/annotations/updateNote',
    query: UpdateNoteQuery,
    body: UpdateNoteBody,
    response: UpdateNoteResponse,
  }),
  deleteAnnotation: defineEndpoint({
    method: 'POST',
    path: '/annotations/delete/:id',
    params: IdParam,
    response: z.object({ ok: z.literal(true), success: z.literal(true) }),
  }),
};

import { z } from 'zod';
import {
  ProjectDetail,
  ProjectListItem,
  ProjectListQuery,
  ProjectSaveResponse,
  ProjectTier,
  ProjectType,
} from '../api/projects.ts';
import { IdParam, Ok } from '../common.ts';
import { defineEndpoint } from '../http/endpoint.ts';
import { ProjectCreateRequest, ProjectUpdateRequest } from './form.ts';

/** Projects (spec 1 §7): the list, one project, the dialog's choices, saving, archiving. */
export const projectsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/projects',
    query: ProjectListQuery,
    response: z.array(ProjectListItem),
  }),
  types: defineEndpoint({
    method: 'GET',
    path: '/projects/upsert/projectTypes',
    response: z.array(ProjectType),
  }),
  tiers: defineEndpoint({ method: 'GET', path: '/projects/tiers', response: z.array(ProjectTier) }),
  get: defineEndpoint({
    method: 'GET',
    path: '/projects/:id',
    params: IdParam,
    query: ProjectListQuery,
    response: ProjectDetail,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/projects',
    body: ProjectCreateRequest,
    response: ProjectSaveResponse,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/projects/upsert',
    body: ProjectUpdateRequest,
    response: ProjectSaveResponse,
  }),
  archive: defineEndpoint({ method: 'PUT', path: '/projects/archive/:id', params: IdParam, response: Ok }),
  unarchive: defineEndpoint({
    method: 'PUT',
    path: '/projects/unarchive/:id',
    params: IdParam,
    response: Ok,
  }),
};

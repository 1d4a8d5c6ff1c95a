import { z } from 'zod';
import {
  CompanyLinesQuery,
  CreateLineBody,
  CreateStructureQuery,
  ProjectLine,
  ProjectLinesQuery,
  StructureBody,
  StructureRefQuery,
  StructureSaved,
  UpdateStructureQuery,
} from '../api/structures.ts';
import { IdParam } from '../common.ts';
import { defineEndpoint } from '../http/endpoint.ts';
import { ProjectStats } from '../projects/stats.ts';

/** A project's structures and lines: counts, the line lists, adding a line, creating, editing, removing. */
export const structuresEndpoints = {
  counts: defineEndpoint({
    method: 'GET',
    path: '/structures/counts/:id',
    params: IdParam,
    response: ProjectStats,
  }),
  projectLines: defineEndpoint({
    method: 'GET',
    path: '/structures/lines',
    query: ProjectLinesQuery,
    response: z.array(ProjectLine),
  }),
  companyLines: defineEndpoint({
    method: 'GET',
    path: '/structures/linesByCompany',
    query: CompanyLinesQuery,
    response: z.array(ProjectLine),
  }),
  createLine: defineEndpoint({
    method: 'POST',
    path: '/structures/lines',
    body: CreateLineBody,
    response: ProjectLine,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/structures/create',
    query: CreateStructureQuery,
    body: StructureBody,
    response: StructureSaved,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/structures/update',
    query: UpdateStructureQuery,
    body: StructureBody,
    response: StructureSaved,
  }),
  remove: defineEndpoint({
    method: 'PUT',
    path: '/structures/remove',
    query: StructureRefQuery,
    response: StructureSaved,
  }),
};

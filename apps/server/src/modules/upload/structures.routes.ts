import {
  CompanyLinesQuery,
  CreateLineBody,
  CreateStructureQuery,
  IdParam,
  ok,
  ProjectLine,
  ProjectLinesQuery,
  ProjectStats,
  StructureBody,
  StructureRefQuery,
  StructureSaved,
  UpdateStructureQuery,
} from '@linewalker/domain';
import { z } from 'zod';
import type { App } from '../../platform/http/app.types.ts';
import { actorOf } from '../../platform/http/authHook.ts';
import * as edit from './structureEdit.service.ts';
import { companyLineList, projectLineList, projectStats } from './structures.service.ts';

const tags = ['Structures'];

export async function structuresRoutes(app: App): Promise<void> {
  const db = app.deps.database.db;

  app.get(
    '/structures/counts/:id',
    {
      config: { access: 'structure.read' },
      schema: {
        tags,
        summary: 'Structure, acquisition and inspection counts of a project',
        description:
          'The assignment stat tiles in one query. "Yesterday" is the calendar day before today in the ' +
          "project's time zone (time_zone). A structure counts as acquired " +
          'once it has at least one image (rejected ones included); it was acquired yesterday when its first image ' +
          'was uploaded yesterday. kmz_struct_count counts source type 2 (KMZ or CSV), nadir 3, manual 1. ' +
          'inspected_count counts inspections with date_reviewed set (per component on component projects). ' +
          'img_count is every image of the project, unassigned_img_count those without a structure; a ' +
          "customer's answer counts the accepted photos on structures and has no unassigned_img_count. " +
          '404 for a project of another company.',
        params: IdParam,
        response: { 200: ProjectStats },
      },
    },
    (req) => projectStats(db, actorOf(req), req.params.id, app.deps.now()),
  );

  app.get(
    '/structures/lines',
    {
      config: { access: 'structure.read' },
      schema: {
        tags,
        summary: "A project's lines, by name",
        querystring: ProjectLinesQuery,
        response: { 200: z.array(ProjectLine) },
      },
    },
    (req) => projectLineList(db, actorOf(req), req.query.projectId),
  );

  app.get(
    '/structures/linesByCompany',
    {
      config: { access: 'line.list_by_company' },
      schema: {
        tags,
        summary: "A customer company's lines, by name",
        description: 'Lines belong to the customer company and are shared by its projects.',
        querystring: CompanyLinesQuery,
        response: { 200: z.array(ProjectLine) },
      },
    },
    (req) => companyLineList(db, actorOf(req), req.query.companyId),
  );

  app.post(
    '/structures/lines',
    {
      config: { access: 'line.create' },
      schema: {
        tags,
        summary: "Add a line to the project's customer company and to the project",
        description:
          "Lines belong to the customer company: 409 line_exists ('Line already exists') when the company has " +
          'a line of that name, compared case-insensitively, also when an identical request won a moment ' +
          'before. Line Name is required and at most 50 characters. Super admins only.',
        body: CreateLineBody,
        response: { 200: ProjectLine },
      },
    },
    (req) => edit.createLine(db, actorOf(req), req.body.projectId, req.body.lineName),
  );

  app.post(
    '/structures/create',
    {
      config: { access: 'structure.edit' },
      schema: {
        tags,
        summary: 'Add a structure by hand',
        description:
          "A manual structure (source type 1) on a line of the project's customer company (400 " +
          'line_not_in_company otherwise; the line is added to the project if it was not yet), with its ' +
          'inspections as an import makes them (one per component on a component project). 409 ' +
          "duplicate_structure ('Cannot create duplicate structures.') when the project has that line and " +
          'number, also when an identical request won a moment before. Super admins only.',
        querystring: CreateStructureQuery,
        body: StructureBody,
        response: { 200: StructureSaved },
      },
    },
    async (req) => ({
      ...ok,
      structure_id: await edit.createStructure(db, actorOf(req), req.query.projectId, req.body),
    }),
  );

  app.put(
    '/structures/update',
    {
      config: { access: 'structure.edit' },
      schema: {
        tags,
        summary: "Save a structure's line, number and position",
        description:
          'The same body and rules as create (409 duplicate_structure, 400 line_not_in_company); 404 when the ' +
          'structure is not in the project. When the position changes (latLonChanged, or a position that ' +
          "differs from the stored one) every photo's distance to it is recomputed. Super admins only.",
        querystring: UpdateStructureQuery,
        body: StructureBody,
        response: { 200: StructureSaved },
      },
    },
    async (req) => ({
      ...ok,
      structure_id: await edit.updateStructure(
        db,
        actorOf(req),
        req.query.projectId,
        req.query.structureId,
        req.body,
        req.query.latLonChanged,
      ),
    }),
  );

  app.put(
    '/structures/remove',
    {
      config: { access: 'structure.edit' },
      schema: {
        tags,
        summary: 'Remove a structure',
        description:
          'Its photos become unassigned (they are kept); its inspections and the annotations on its photos ' +
          'are deleted. 404 when the structure is not in the project. Super admins only.',
        querystring: StructureRefQuery,
        response: { 200: StructureSaved },
      },
    },
    async (req) => {
      await edit.removeStructure(db, actorOf(req), req.query.projectId, req.query.structureId);
      return { ...ok, structure_id: req.query.structureId };
    },
  );
}

import { endpoints, ok } from '@linewalker/domain';
import type { App } from '../../platform/http/app.types.ts';
import { actorOf } from '../../platform/http/authHook.ts';
import { endpointRoute } from '../../platform/http/endpointRoute.ts';
import * as edit from './structureEdit.service.ts';
import { companyLineList, projectLineList, projectStats } from './structures.service.ts';

const tags = ['Structures'];

export async function structuresRoutes(app: App): Promise<void> {
  const api = endpoints.structures;
  const db = app.deps.database.db;

  app.route({
    ...endpointRoute(api.counts, {
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
    }),
    config: { access: 'structure.read' },
    handler: (req) => projectStats(db, actorOf(req), req.params.id, app.deps.now()),
  });

  app.route({
    ...endpointRoute(api.projectLines, {
      tags,
      summary: "A project's lines, by name",
    }),
    config: { access: 'structure.read' },
    handler: (req) => projectLineList(db, actorOf(req), req.query.projectId),
  });

  app.route({
    ...endpointRoute(api.companyLines, {
      tags,
      summary: "A customer company's lines, by name",
      description: 'Lines belong to the customer company and are shared by its projects.',
    }),
    config: { access: 'line.list_by_company' },
    handler: (req) => companyLineList(db, actorOf(req), req.query.companyId),
  });

  app.route({
    ...endpointRoute(api.createLine, {
      tags,
      summary: "Add a line to the project's customer company and to the project",
      description:
        "Lines belong to the customer company: 409 line_exists ('Line already exists') when the company has " +
        'a line of that name, compared case-insensitively, also when an identical request won a moment ' +
        'before. Line Name is required and at most 50 characters. Super admins only.',
    }),
    config: { access: 'line.create' },
    handler: (req) => edit.createLine(db, actorOf(req), req.body.projectId, req.body.lineName),
  });

  app.route({
    ...endpointRoute(api.create, {
      tags,
      summary: 'Add a structure by hand',
      description:
        "A manual structure (source type 1) on a line of the project's customer company (400 " +
        'line_not_in_company otherwise; the line is added to the project if it was not yet), with its ' +
        'inspections as an import makes them (one per component on a component project). 409 ' +
        "duplicate_structure ('Cannot create duplicate structures.') when the project has that line and " +
        'number, also when an identical request won a moment before. Super admins only.',
    }),
    config: { access: 'structure.edit' },
    handler: async (req) => ({
      ...ok,
      structure_id: await edit.createStructure(db, actorOf(req), req.query.projectId, req.body),
    }),
  });

  app.route({
    ...endpointRoute(api.update, {
      tags,
      summary: "Save a structure's line, number and position",
      description:
        'The same body and rules as create (409 duplicate_structure, 400 line_not_in_company); 404 when the ' +
        'structure is not in the project. When the position changes (latLonChanged, or a position that ' +
        "differs from the stored one) every photo's distance to it is recomputed. Super admins only.",
    }),
    config: { access: 'structure.edit' },
    handler: async (req) => ({
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
  });

  app.route({
    ...endpointRoute(api.remove, {
      tags,
      summary: 'Remove a structure',
      description:
        'Its photos become unassigned (they are kept); its inspections and the annotations on its photos ' +
        'are deleted. 404 when the structure is not in the project. Super admins only.',
    }),
    config: { access: 'structure.edit' },
    handler: async (req) => {
      await edit.removeStructure(db, actorOf(req), req.query.projectId, req.query.structureId);
      return { ...ok, structure_id: req.query.structureId };
    },
  });
}

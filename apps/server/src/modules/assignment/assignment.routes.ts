import { type AssignmentData, endpoints, ok } from '@linewalker/domain';
import type { App } from '../../platform/http/app.types.ts';
import { actorOf } from '../../platform/http/authHook.ts';
import { endpointRoute } from '../../platform/http/endpointRoute.ts';
import * as service from './assignment.service.ts';

const tags = ['Crew assignment'];

/** The assignment answer's byte length before compression (download progress in the web). */
const UNCOMPRESSED_LENGTH = 'x-uncompressed-length';

/** Crew groups, their personnel and structure assignment (spec 1 §2 'Crew assignment', §7). */
export async function assignmentRoutes(app: App): Promise<void> {
  const db = app.deps.database.db;
  const api = endpoints.assignment;

  app.route({
    ...endpointRoute(api.data, {
      tags,
      summary: 'Crew groups, structures and available personnel of a project',
      description:
        'Staff only: customers have no assignment sub-page (spec 1 §6). structures lists every structure of ' +
        'the project (50,000 and more) in creation order, as columns of equal length (entry i of each ' +
        'array is the i-th structure) with the line names in lines; image_count counts the images linked ' +
        'to it. A structure is acquired once it has at least one image. Large answers are gzip-compressed; ' +
        `the ${UNCOMPRESSED_LENGTH} header gives the JSON's length before compression, so a client can show ` +
        'download progress. 404 when the project does not exist.',
    }),
    config: { access: 'assignment.read' },
    handler: async (req, reply) => {
      const data = await service.assignmentData(db, actorOf(req), req.params.id);
      // Serialised here (by the route's schema) to state its length before compression.
      const body = reply.serialize(data);
      return reply
        .header(UNCOMPRESSED_LENGTH, Buffer.byteLength(body))
        .type('application/json; charset=utf-8')
        .send(body as unknown as AssignmentData); // already serialised, by the schema
    },
  });

  app.route({
    ...endpointRoute(api.addCrewGroup, {
      tags,
      summary: 'Add a crew group to a project',
      description:
        'Takes the lowest free crew number 1..10 and its crew colour. 409 when the project already has ' +
        '10 crew groups; 404 when the project does not exist.',
    }),
    config: { access: 'assignment.edit' },
    handler: async (req) => ({
      ...ok,
      crewGroup: await service.addCrewGroup(db, actorOf(req), req.params.id),
    }),
  });

  app.route({
    ...endpointRoute(api.deleteCrewGroup, {
      tags,
      summary: 'Delete a crew group',
      description:
        'Unassigns its structures and personnel, then deletes it (spec 1 §4). 404 when it does not exist.',
    }),
    config: { access: 'assignment.edit' },
    handler: async (req) => {
      const { unassigned, removed } = await service.deleteCrewGroup(db, actorOf(req), req.query.crewGroupId);
      return { ...ok, unassignedStructures: unassigned, removedUsers: removed };
    },
  });

  app.route({
    ...endpointRoute(api.addCrewUser, {
      tags,
      summary: 'Add personnel to a crew group',
      description:
        'Only active staff users of the operating company (400 otherwise). A user is in at most one crew ' +
        'group of a project: 409 when they are in another one; adding them to their own crew again is a no-op.',
    }),
    config: { access: 'assignment.edit' },
    handler: async (req) => ({
      ...ok,
      changed: await service.addCrewUser(db, actorOf(req), req.query.crewGroupId, req.query.userId),
    }),
  });

  app.route({
    ...endpointRoute(api.removeCrewUser, {
      tags,
      summary: 'Remove personnel from a crew group',
      description: 'Idempotent: removing a user who is not in the crew group answers 200 with changed false.',
    }),
    config: { access: 'assignment.edit' },
    handler: async (req) => ({
      ...ok,
      changed: await service.removeCrewUser(db, actorOf(req), req.query.crewGroupId, req.query.userId),
    }),
  });

  app.route({
    ...endpointRoute(api.saveStructures, {
      tags,
      summary: 'Assign structures to a crew group',
      description:
        'Body: a JSON array of at most 10,000 structure ids (the web sends larger selections in batches). ' +
        'Every id must be a structure of the project and the crew group must belong to it, otherwise 400 and ' +
        'nothing changes. One UPDATE in one transaction; repeating a request is harmless.',
    }),
    config: { access: 'assignment.edit' },
    handler: async (req) => ({
      ...ok,
      updated: await service.setStructuresCrew(
        db,
        actorOf(req),
        req.query.projectId,
        req.query.crewGroupId,
        req.body,
      ),
    }),
  });

  app.route({
    ...endpointRoute(api.unassignStructures, {
      tags,
      summary: 'Unassign structures from their crew groups',
      description:
        'Body: a JSON array of at most 10,000 structure ids of the project (400 and nothing changed ' +
        'otherwise). One UPDATE in one transaction; repeating a request is harmless.',
    }),
    config: { access: 'assignment.edit' },
    handler: async (req) => ({
      ...ok,
      updated: await service.setStructuresCrew(db, actorOf(req), req.query.projectId, null, req.body),
    }),
  });
}

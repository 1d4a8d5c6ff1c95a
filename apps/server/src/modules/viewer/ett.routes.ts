import { endpoints, ok } from '@linewalker/domain';
import type { App } from '../../platform/http/app.types.ts';
import { actorOf } from '../../platform/http/authHook.ts';
import { endpointRoute } from '../../platform/http/endpointRoute.ts';
import * as service from './ett.service.ts';

const tags = ['Arms and flanges (ETT, ABB)'];
const visibility = 'Customers see only their company’s (another company’s, or none: 404).';
const ettOnly = '400 not_ett_project for a project that is neither ETT nor ABB.';
const staffWrite = 'Staff only: customers read arms and photo types, they do not change them (403).';

/** The arm (ETT) and flange (ABB) workflows of the inspection viewer (spec 2 §3–§7; paths of spec 3 §7). */
export async function ettRoutes(app: App): Promise<void> {
  const api = endpoints.ett;
  const db = app.deps.database.db;

  app.route({
    ...endpointRoute(api.arms, {
      tags,
      summary: "An inspection's arms (flanges)",
      description:
        'Every arm position, top to bottom, with the arm saved for it (ett_arm_id null where none was), its ' +
        `existing notes and how many photos show it. project_id must be the inspection's (400). ${ettOnly} ` +
        visibility,
    }),
    config: { access: 'inspection.read' },
    handler: (req) =>
      service.armsOfInspection(db, actorOf(req), req.query.inspection_id, req.query.project_id),
  });

  app.route({
    ...endpointRoute(api.evaluationCodes, {
      tags,
      summary: 'ETT evaluation codes',
      description: `The codes an ETT-mode annotation takes. ${ettOnly} ${visibility}`,
    }),
    config: { access: 'authenticated' },
    handler: (req) => service.evaluationCodes(db, actorOf(req), req.query.project_id),
  });

  app.route({
    ...endpointRoute(api.knuckleFlats, {
      tags,
      summary: 'Knuckle/flat positions',
      description: `The positions a Knuckle/Flat photo (type 3) and an ETT-mode annotation take. ${ettOnly} ${visibility}`,
    }),
    config: { access: 'authenticated' },
    handler: (req) => service.knuckleFlats(db, actorOf(req), req.query.project_id),
  });

  app.route({
    ...endpointRoute(api.saveArmEdits, {
      tags,
      summary: 'Save an arm (flange)',
      description:
        'Saves classification (Original, Remanufactured, Replacement), manufacturer (F, H, T, V), part (RFID ' +
        'for ABB), serial and release numbers of the arm at arm_position_id, creating it on its first save; ' +
        'a non-blank newNote is appended to its notes. ett_arm_id, when given, must be that arm (400 ' +
        'arm_not_in_inspection). Concurrent saves of one arm run one after the other: the last one wins and ' +
        `every note is kept. Answers the arm's id. ${ettOnly} ${staffWrite}`,
    }),
    config: { access: 'ett.edit' },
    handler: async (req) => ({
      ...ok,
      ett_arm_id: await service.saveArmEdits(db, actorOf(req), req.query.inspectionId, req.body),
    }),
  });

  app.route({
    ...endpointRoute(api.updateImageType, {
      tags,
      summary: "Set a photo's ETT type",
      description:
        'ett_photo_type_id 1 ID, 2 Arm (Flange for ABB), 3 Knuckle/Flat. Type 2 needs ett_arm_id, an arm of ' +
        "the photo's inspection (type 1 may name one); type 3 needs knuckle_flat_position_id and names no " +
        `arm. changed is false when the photo had this type already. ${ettOnly} ${staffWrite}`,
    }),
    config: { access: 'ett.edit' },
    handler: async (req) => ({
      ...ok,
      changed: await service.updateImageType(db, actorOf(req), req.query.image_id, req.body),
    }),
  });

  app.route({
    ...endpointRoute(api.abbIdTypes, {
      tags,
      summary: 'ABB id types',
      description: 'The identification kinds an ABB photo can show.',
    }),
    config: { access: 'authenticated' },
    handler: async () => ({ abbIdTypes: await service.abbIdTypes(db) }),
  });

  app.route({
    ...endpointRoute(api.updateAbbTypes, {
      tags,
      summary: "Set a photo's ABB id types",
      description:
        "Replaces the photo's ABB id types with abbTypeIds (each once; an empty list clears them). Photos of " +
        `ABB projects only (400 not_ett_project). ${staffWrite}`,
    }),
    config: { access: 'ett.edit' },
    handler: async (req) => ({ ...ok, changed: await service.updateAbbTypes(db, actorOf(req), req.body) }),
  });
}

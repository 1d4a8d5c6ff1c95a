import {
  ApiError,
  CsvImportError,
  DEFAULT_PROJECT_TIME_ZONE,
  endpoints,
  ok,
  PROJECT_FIELD_DEFINITIONS,
} from '@linewalker/domain';
import { z } from 'zod';
import type { App } from '../../platform/http/app.types.ts';
import { actorOf } from '../../platform/http/authHook.ts';
import { endpointRoute } from '../../platform/http/endpointRoute.ts';
import { listProjectTiers, listProjectTypes } from './projects.repository.ts';
import {
  createProject,
  getProject,
  listProjects,
  setArchived,
  updateProjectFields,
} from './projects.service.ts';

const tags = ['Projects'];

const definitions = Object.entries(PROJECT_FIELD_DEFINITIONS)
  .map(([field, text]) => `- **${field}**: ${text}`)
  .join('\n');

const saveErrors = {
  400: z
    .union([CsvImportError, ApiError])
    .describe(
      'validation_failed (issues per field, spec 1 §5 messages) or csv_invalid (per file: reasons and the first 100 bad rows). Nothing is written.',
    ),
  409: ApiError.describe('project_name_taken: another project has this name (compared case-insensitively).'),
};

const saveDescription =
  'Validated on the server with the domain project schema. Files in `kmzs` (urls answered by sign-s3) ' +
  'are streamed from storage and checked again row by row; the project, its source files, lines (reused ' +
  'by name, any case, within the customer company), structures (source type 2) and their inspections (one ' +
  'per structure; one per structure and annotation component when inspection_type is 1) are written in one ' +
  'transaction: any error leaves nothing behind.';

export async function projectsRoutes(app: App): Promise<void> {
  const db = app.deps.database.db;
  const api = endpoints.projects;

  app.route({
    ...endpointRoute(api.list, {
      tags,
      summary: 'All projects with their computed state, progress and flags',
      description:
        'Customers get their own company’s projects only. Archived projects are included (archived_date set). ' +
        'Counts are read from per-project counters that database triggers keep current, so the list costs one row per project. Computed fields:\n' +
        definitions,
    }),
    config: { access: 'project.read' },
    handler: (req) => listProjects(app.deps, actorOf(req)),
  });

  app.route({
    ...endpointRoute(api.types, { tags, summary: 'Project types' }),
    config: { access: 'authenticated' },
    handler: () => listProjectTypes(db),
  });

  app.route({
    ...endpointRoute(api.tiers, {
      tags,
      summary: 'Project tiers',
      description: 'Tier 1 may not use No Limit photos (photo_limit -1).',
    }),
    config: { access: 'authenticated' },
    handler: () => listProjectTiers(db),
  });

  app.route({
    ...endpointRoute(api.get, {
      tags,
      summary: 'One project, with its files and the centre of its structures',
      description: `404 for a project of another company. Computed fields as in GET /projects:\n${definitions}`,
    }),
    config: { access: 'project.read' },
    handler: (req) => getProject(app.deps, actorOf(req), req.params.id),
  });

  app.route({
    ...endpointRoute(api.create, {
      tags,
      summary: 'Create a project, importing its CSV files',
      description: `${saveDescription} Start and (for dueDate projects) end dates may not be before today in the project's time zone: time_zone when given, else the zone where the imported structures are (their centre), else ${DEFAULT_PROJECT_TIME_ZONE}.`,
      errors: saveErrors,
    }),
    config: { access: 'project.create' },
    handler: (req) => createProject(app.deps, actorOf(req), req.body),
  });

  app.route({
    ...endpointRoute(api.update, {
      tags,
      summary: 'Update a project (id in the body), importing any added CSV files',
      description: `${saveDescription} Edit mode drops the not-before-today date rules. The customer and the inspection type cannot change once the project has lines. A time_zone given is kept from then on; without one, a project whose zone was never chosen follows its structures when files are added.`,
      errors: saveErrors,
    }),
    config: { access: 'project.update' },
    handler: (req) => updateProjectFields(app.deps, actorOf(req), req.body),
  });

  for (const archived of [true, false]) {
    app.route({
      ...endpointRoute(archived ? api.archive : api.unarchive, {
        tags,
        summary: archived ? 'Archive a project' : 'Unarchive a project',
        description: archived
          ? 'Sets archived_date; archiving an archived project keeps its first date.'
          : 'Clears archived_date; harmless when not archived.',
      }),
      config: { access: 'project.archive' },
      handler: async (req) => {
        await setArchived(app.deps, actorOf(req), req.params.id, archived);
        return ok;
      },
    });
  }
}

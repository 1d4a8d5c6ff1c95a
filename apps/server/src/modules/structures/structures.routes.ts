import { CompanyLinesQuery, IdParam, ProjectLine, ProjectLinesQuery, ProjectStats } from '@linewalker/domain';
import { z } from 'zod';
import type { App } from '../../app.ts';
import { actorOf } from '../../platform/http/authHook.ts';
import { companyLineList, projectLineList, projectStats } from './structures.service.ts';

const tags = ['Structures'];

export async function structuresRoutes(app: App): Promise<void> {
  const db = app.deps.database.db;

  app.get(
    '/structures/counts/:id',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Structure, acquisition and inspection counts of a project',
        description:
          'The assignment stat tiles in one query. "Yesterday" is the calendar day before today in the ' +
          "server's local time zone (the TZ environment variable; UTC when unset). A structure counts as acquired " +
          'once it has at least one image (rejected ones included); it was acquired yesterday when its first image ' +
          'was uploaded yesterday. kmz_struct_count counts source type 2 (KMZ or CSV), nadir 3, manual 1. ' +
          'inspected_count counts inspections with date_reviewed set (per component on component projects). ' +
          'img_count is every image of the project, unassigned_img_count those without a structure. ' +
          '404 for a project of another company.',
        params: IdParam,
        response: { 200: ProjectStats },
      },
    },
    (req) => projectStats(db, actorOf(req), req.params.id),
  );

  app.get(
    '/structures/lines',
    {
      config: { access: 'authenticated' },
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
      config: { access: 'staff' },
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
}

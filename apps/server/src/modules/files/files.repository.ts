import { and, eq, sql } from 'drizzle-orm';
import { inCompanyScope } from '../../platform/auth/access.ts';
import type { Db } from '../../platform/db/client.ts';
import { projects, sourceFiles } from '../../platform/db/schema/index.ts';

/**
 * A file a project was built from, if the project is within `companyScope` (null: every company; a
 * customer's company otherwise), so another company's file is not found.
 */
export async function findProjectSourceFile(
  db: Db,
  projectId: number,
  fileId: number,
  companyScope: number | null,
) {
  const [row] = await db
    .select({ storageKey: sourceFiles.storageKey, name: sourceFiles.name })
    .from(sourceFiles)
    .innerJoin(projects, eq(projects.id, sourceFiles.projectId))
    .where(
      and(
        eq(sourceFiles.id, fileId),
        eq(sourceFiles.projectId, projectId),
        inCompanyScope(companyScope, sql`${projects.companyId}`),
      ),
    )
    .limit(1);
  return row ?? null;
}

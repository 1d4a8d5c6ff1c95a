import { and, eq } from 'drizzle-orm';
import type { Actor } from '../../platform/auth/actor.ts';
import { projectInActorScope } from '../../platform/auth/policy.ts';
import type { Db } from '../../platform/db/client.ts';
import { projects, sourceFiles } from '../../platform/db/schema/index.ts';

/** A file a project was built from, if the actor may see the project (another company's is not found). */
export async function findProjectSourceFile(db: Db, actor: Actor, projectId: number, fileId: number) {
  const [row] = await db
    .select({ storageKey: sourceFiles.storageKey, name: sourceFiles.name })
    .from(sourceFiles)
    .innerJoin(projects, eq(projects.id, sourceFiles.projectId))
    .where(
      and(
        eq(sourceFiles.id, fileId),
        eq(sourceFiles.projectId, projectId),
        projectInActorScope(actor, 'projects'),
      ),
    )
    .limit(1);
  return row ?? null;
}

import { asc } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { roles } from '../../platform/db/schema/index.ts';

export const listRoles = (db: Db) => db.select().from(roles).orderBy(asc(roles.id));

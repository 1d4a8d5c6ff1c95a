import { OPERATING_COMPANY_ID, ROLE_DISPLAY_NAMES, ROLE_ID_BY_NAME, ROLE_NAMES } from '@linewalker/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import {
  abbIdTypes,
  companies,
  components,
  deficiencies,
  ettArmPositions,
  ettEvaluationCodes,
  imageIdentifiers,
  inspectionFieldOptions,
  inspectionFields,
  knuckleFlatPositions,
  pilotAttributes,
  pilotSchedulingStatuses,
  poleOrderStatuses,
  projectTiers,
  projectTypes,
  roles,
} from '../platform/db/schema/index.ts';
import {
  ABB_ID_TYPES,
  ETT_ARM_POSITIONS,
  ETT_EVALUATION_CODES,
  IMAGE_IDENTIFIERS,
  INSPECTION_FIELD_OPTIONS,
  INSPECTION_FIELDS,
  KNUCKLE_FLAT_POSITIONS,
  PILOT_ATTRIBUTES,
  PILOT_SCHEDULING_STATUSES,
  POLE_ORDER_STATUSES,
  PROJECT_TIERS,
  PROJECT_TYPES,
} from './referenceLists.ts';
import { taxonomyRows } from './taxonomy.ts';

/**
 * Fixed rows every database needs (roles, the operating company, lookup lists); safe to run at every start:
 * existing rows are left alone, so names edited by users survive.
 */
export async function seedReferenceData(db: Db): Promise<void> {
  const { componentRows, deficiencyRows } = taxonomyRows();
  await db.transaction(async (tx) => {
    await tx
      .insert(roles)
      .values(
        ROLE_NAMES.map((name) => ({
          id: ROLE_ID_BY_NAME[name],
          roleName: name,
          displayName: ROLE_DISPLAY_NAMES[name],
        })),
      )
      .onConflictDoNothing();
    await tx
      .insert(companies)
      .values({ id: OPERATING_COMPANY_ID, companyName: 'Linewalker Aerial Services' })
      .onConflictDoNothing();
    await tx.insert(projectTypes).values(PROJECT_TYPES).onConflictDoNothing();
    await tx.insert(projectTiers).values(PROJECT_TIERS).onConflictDoNothing();
    await tx.insert(inspectionFields).values(INSPECTION_FIELDS).onConflictDoNothing();
    await tx.insert(inspectionFieldOptions).values(INSPECTION_FIELD_OPTIONS).onConflictDoNothing();
    await tx.insert(pilotSchedulingStatuses).values(PILOT_SCHEDULING_STATUSES).onConflictDoNothing();
    await tx.insert(poleOrderStatuses).values(POLE_ORDER_STATUSES).onConflictDoNothing();
    await tx.insert(pilotAttributes).values(PILOT_ATTRIBUTES).onConflictDoNothing();
    await tx.insert(ettArmPositions).values(ETT_ARM_POSITIONS).onConflictDoNothing();
    await tx.insert(ettEvaluationCodes).values(ETT_EVALUATION_CODES).onConflictDoNothing();
    await tx.insert(knuckleFlatPositions).values(KNUCKLE_FLAT_POSITIONS).onConflictDoNothing();
    await tx.insert(abbIdTypes).values(ABB_ID_TYPES).onConflictDoNothing();
    await tx.insert(imageIdentifiers).values(IMAGE_IDENTIFIERS).onConflictDoNothing();
    await tx.insert(components).values(componentRows).onConflictDoNothing();
    await tx.insert(deficiencies).values(deficiencyRows).onConflictDoNothing();
    // Explicit ids above leave the serials behind; move them past the fixed ids, and for the user-extendable
    // lists past a reserved range, so rows added later here never collide with rows users created.
    await tx.execute(sql`select
      setval(pg_get_serial_sequence('companies', 'id'), greatest((select max(id) from companies), 1)),
      setval(pg_get_serial_sequence('pilot_attributes', 'attribute_id'), greatest((select max(attribute_id) from pilot_attributes), 1000)),
      setval(pg_get_serial_sequence('components', 'id'), greatest((select max(id) from components), 1000)),
      setval(pg_get_serial_sequence('deficiencies', 'id'), greatest((select max(id) from deficiencies), 10000))`);
  });
}

import { type AttributeType, dateOfDayValue, type PilotAttribute, type PilotInput } from '@linewalker/domain';
import type { Db } from '../../platform/db/client.ts';
import { validationFailed } from '../../platform/errors.ts';
import { geocodeUsPlace } from './gazetteer.ts';
import * as repo from './pilots.repository.ts';

// A user's pilot record: written by the pilot form (pilots.service) and by the user form (users.service),
// inside their transactions. The callers authorize; these take the transaction.

/**
 * Writes the pilot record and its attributes; returns what the audit records. A home base the offline
 * gazetteer knows gets its coordinates when it has none (a changed home base loses the old ones).
 */
export async function savePilot(tx: Db, userId: number, pilot: PilotInput, at: Date) {
  const named: Array<{ type: AttributeType; name: string }> = [];
  const seen = new Set<string>();
  for (const [type, names] of [
    ['prof', pilot.proficiencies],
    ['cert', pilot.certifications],
    ['skill', pilot.skills],
  ] as const) {
    for (const name of names) {
      const key = `${type}:${name.toLowerCase()}`;
      if (!seen.has(key)) named.push({ type, name });
      seen.add(key);
    }
  }
  const known = await repo.existingAttributeIds(tx, [...new Set(pilot.attributes)]);
  const unknown = pilot.attributes.filter((id) => !known.includes(id));
  if (unknown.length > 0) {
    throw validationFailed([
      { path: 'pilot.attributes', message: `Unknown attribute ids: ${unknown.join(', ')}` },
    ]);
  }
  const pilotId = await repo.upsertPilot(
    tx,
    userId,
    {
      availability: pilot.availability,
      licenseExpiration: dateOfDayValue(pilot.license_expiration)!,
      homeBase: pilot.home_base,
      aircraft: pilot.aircraft?.trim() ? pilot.aircraft.trim() : null,
    },
    at,
  );
  const attributeIds = [...known, ...(await repo.resolveAttributes(tx, named))];
  await repo.setPilotAttributes(tx, pilotId, attributeIds);
  const place = geocodeUsPlace(pilot.home_base);
  if (place) await repo.setHomeLocation(tx, pilotId, place, true);
  return { pilotId, attributes: [...new Set(attributeIds)].length };
}

/** The user's pilot record (live or ended), locked for the transaction; undefined when there is none. */
export function lockPilotOf(tx: Db, userId: number) {
  return repo.findPilot(tx, userId);
}

/** Ends a pilot record (the user form's 'delete pilot', or a move to a customer company). */
export function endPilot(tx: Db, pilotId: number, at: Date): Promise<void> {
  return repo.endPilot(tx, pilotId, at);
}

/** Every proficiency, certification and skill, by type then name. */
export function pilotAttributes(db: Db): Promise<PilotAttribute[]> {
  return repo.listAttributes(db);
}

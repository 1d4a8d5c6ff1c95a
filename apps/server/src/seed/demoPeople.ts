import { OPERATING_COMPANY_ID, ROLE_IDS } from '@linewalker/domain';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { companies, pilotAttributeLinks, pilots, users } from '../platform/db/schema/index.ts';
import type { PilotAvailability } from '../platform/db/schema/pilots.ts';
import { daysFromToday } from './dates.ts';

/** Every demo account logs in with this password (README lists the accounts). */
export const DEMO_PASSWORD = 'demo1234';

export const DEMO_CUSTOMERS = {
  northernPlains: {
    companyName: 'Northern Plains Electric Cooperative',
    pocFirstName: 'Karen',
    pocLastName: 'Lindqvist',
    pocEmail: 'customer@northernplains.example',
    pocPhone: '(785) 555-0142',
    inspectionFields: ['Pole Top', 'Crossarm', 'Insulators', 'Guying'],
  },
  cascadeValley: {
    companyName: 'Cascade Valley Power',
    pocFirstName: 'Evan',
    pocLastName: 'Brooks',
    pocEmail: 'customer@cascadevalley.example',
    pocPhone: '(509) 555-0187',
    inspectionFields: ['Structure', 'Conductor', 'Vegetation'],
  },
} as const;
export type DemoCustomer = keyof typeof DEMO_CUSTOMERS;

interface DemoUser {
  key: string;
  email: string;
  firstName: string;
  lastName: string;
  roleId: number;
  customer?: DemoCustomer;
  phone: string;
}

const STAFF: DemoUser[] = [
  {
    key: 'admin',
    email: 'admin@demo.linewalker.app',
    firstName: 'Dana',
    lastName: 'Whitfield',
    roleId: ROLE_IDS.superAdmin,
    phone: '(303) 555-0110',
  },
  {
    key: 'manager',
    email: 'manager@demo.linewalker.app',
    firstName: 'Marcus',
    lastName: 'Reyes',
    roleId: ROLE_IDS.projectManager,
    phone: '(303) 555-0111',
  },
  {
    key: 'inspector',
    email: 'inspector@demo.linewalker.app',
    firstName: 'Hannah',
    lastName: 'Cole',
    roleId: ROLE_IDS.inspector,
    phone: '(303) 555-0112',
  },
  {
    key: 'user',
    email: 'user@demo.linewalker.app',
    firstName: 'Ben',
    lastName: 'Ortiz',
    roleId: ROLE_IDS.user,
    phone: '(303) 555-0113',
  },
  {
    key: 'customerNorthernPlains',
    email: 'customer@northernplains.example',
    firstName: 'Karen',
    lastName: 'Lindqvist',
    roleId: ROLE_IDS.customer,
    customer: 'northernPlains',
    phone: '(785) 555-0142',
  },
  {
    key: 'customerCascadeValley',
    email: 'customer@cascadevalley.example',
    firstName: 'Evan',
    lastName: 'Brooks',
    roleId: ROLE_IDS.customer,
    customer: 'cascadeValley',
    phone: '(509) 555-0187',
  },
];

interface DemoPilot extends DemoUser {
  homeBase: string;
  lon: number;
  lat: number;
  availability: PilotAvailability;
  aircraft: string;
  /** Days from today until the licence expires. */
  licenseDays: number;
  attributeIds: number[];
}

/** Pilots spread over the US so the distance column and the pilots map mean something. */
const PILOTS: DemoPilot[] = [
  {
    key: 'pilotMaria',
    email: 'maria.alvarez@demo.linewalker.app',
    firstName: 'Maria',
    lastName: 'Alvarez',
    roleId: ROLE_IDS.user,
    phone: '(720) 555-0131',
    homeBase: 'Denver CO',
    lon: -104.99,
    lat: 39.74,
    availability: 'available',
    aircraft: 'DJI Matrice 350 RTK',
    licenseDays: 400,
    attributeIds: [1, 2, 4, 8, 9, 14],
  },
  {
    key: 'pilotJake',
    email: 'jake.thompson@demo.linewalker.app',
    firstName: 'Jake',
    lastName: 'Thompson',
    roleId: ROLE_IDS.user,
    phone: '(316) 555-0132',
    homeBase: 'Wichita KS',
    lon: -97.34,
    lat: 37.69,
    availability: 'on_assignment',
    aircraft: 'DJI Mavic 3 Enterprise',
    licenseDays: 210,
    attributeIds: [1, 7, 8, 11, 15, 19],
  },
  {
    key: 'pilotPriya',
    email: 'priya.natarajan@demo.linewalker.app',
    firstName: 'Priya',
    lastName: 'Natarajan',
    roleId: ROLE_IDS.user,
    phone: '(509) 555-0133',
    homeBase: 'Spokane WA',
    lon: -117.43,
    lat: 47.66,
    availability: 'available',
    aircraft: 'Skydio X10',
    licenseDays: 650,
    attributeIds: [2, 5, 6, 8, 10, 16, 18],
  },
  {
    key: 'pilotTom',
    email: 'tom.becker@demo.linewalker.app',
    firstName: 'Tom',
    lastName: 'Becker',
    roleId: ROLE_IDS.inspector,
    phone: '(402) 555-0134',
    homeBase: 'Omaha NE',
    lon: -95.93,
    lat: 41.26,
    availability: 'training',
    aircraft: 'DJI Matrice 30T',
    licenseDays: 90,
    attributeIds: [1, 3, 4, 8, 12, 13, 17],
  },
  {
    key: 'pilotLuis',
    email: 'luis.ortega@demo.linewalker.app',
    firstName: 'Luis',
    lastName: 'Ortega',
    roleId: ROLE_IDS.user,
    phone: '(214) 555-0135',
    homeBase: 'Dallas TX',
    lon: -96.8,
    lat: 32.78,
    availability: 'vacation',
    aircraft: 'DJI Mavic 3 Enterprise',
    licenseDays: 30,
    attributeIds: [1, 8, 15],
  },
  {
    key: 'pilotGrace',
    email: 'grace.kim@demo.linewalker.app',
    firstName: 'Grace',
    lastName: 'Kim',
    roleId: ROLE_IDS.user,
    phone: '(208) 555-0136',
    homeBase: 'Boise ID',
    lon: -116.2,
    lat: 43.62,
    availability: 'available',
    aircraft: 'DJI Matrice 350 RTK',
    licenseDays: 500,
    attributeIds: [2, 4, 6, 8, 9, 14, 18],
  },
];

export interface DemoPeople {
  customerIds: Record<DemoCustomer, number>;
  /** User ids by key: admin, manager, inspector, user, customer…, pilot… */
  userIds: Record<string, number>;
  pilotUserIds: number[];
}

/** Customer companies, one user per role and the pilots; existing rows (same name or e-mail) are reused. */
export async function insertPeople(db: Db, passwordHash: string, now: Date): Promise<DemoPeople> {
  const customerRows = Object.values(DEMO_CUSTOMERS).map((c) => ({
    ...c,
    inspectionFields: [...c.inspectionFields],
  }));
  await db.insert(companies).values(customerRows).onConflictDoNothing();
  const found = await db
    .select({ id: companies.id, name: companies.companyName })
    .from(companies)
    .where(
      inArray(
        sql`lower(${companies.companyName})`,
        customerRows.map((c) => c.companyName.toLowerCase()),
      ),
    );
  const idOf = (name: string) => {
    const row = found.find((f) => f.name.toLowerCase() === name.toLowerCase());
    if (!row) throw new Error(`demo company ${name} missing`);
    return row.id;
  };
  const customerIds = {
    northernPlains: idOf(DEMO_CUSTOMERS.northernPlains.companyName),
    cascadeValley: idOf(DEMO_CUSTOMERS.cascadeValley.companyName),
  };

  const everyone = [...STAFF, ...PILOTS];
  await db
    .insert(users)
    .values(
      everyone.map((u) => ({
        companyId: u.customer ? customerIds[u.customer] : OPERATING_COMPANY_ID,
        roleId: u.roleId,
        firstName: u.firstName,
        lastName: u.lastName,
        email: u.email,
        phone: u.phone,
        passwordHash,
        startDate: daysFromToday(-400, now),
      })),
    )
    // The operator may have chosen one of these e-mails as ADMIN_EMAIL: keep that account as it is.
    .onConflictDoNothing();
  const userRows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      inArray(
        sql`lower(${users.email})`,
        everyone.map((u) => u.email.toLowerCase()),
      ),
    );
  const userIds: Record<string, number> = {};
  for (const u of everyone) {
    const row = userRows.find((r) => r.email.toLowerCase() === u.email.toLowerCase());
    if (row) userIds[u.key] = row.id;
  }

  const pilotRows = await db
    .insert(pilots)
    .values(
      PILOTS.map((p) => ({
        userId: userIds[p.key] as number,
        availability: p.availability,
        licenseExpiration: daysFromToday(p.licenseDays, now),
        homeBase: p.homeBase,
        homeLocation: { x: p.lon, y: p.lat },
        aircraft: p.aircraft,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: pilots.id, userId: pilots.userId });
  const links = pilotRows.flatMap((row) => {
    const pilot = PILOTS.find((p) => userIds[p.key] === row.userId);
    return (pilot?.attributeIds ?? []).map((attributeId) => ({ pilotId: row.id, attributeId }));
  });
  if (links.length > 0) await db.insert(pilotAttributeLinks).values(links).onConflictDoNothing();

  return { customerIds, userIds, pilotUserIds: PILOTS.map((p) => userIds[p.key] as number) };
}

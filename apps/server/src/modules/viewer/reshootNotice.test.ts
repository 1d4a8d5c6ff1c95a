import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../platform/db/client.ts';
import { crewMembers, projectPilots } from '../../platform/db/schema/index.ts';
import { useApiCast } from '../../testing/apiCast.ts';
import { createUser, type TestUser } from '../../testing/factories.ts';
import {
  createCrewGroup,
  createLine,
  createProject,
  createStructures,
  reviewInspections,
} from '../../testing/projectFactories.ts';
import { sqlRows } from '../../testing/rows.ts';

const cast = useApiCast('Reshoot Notice Utility', { inspector2: 'inspector' });
const { post } = cast;
let db: Db;
let companyId: number;
beforeAll(() => {
  ({ db, companyId } = cast);
});

interface OutboxRow {
  channel: string;
  recipient: string;
  subject: string | null;
  body: string;
}

const outboxTo = (people: TestUser[], phones: string[] = []) =>
  sqlRows<OutboxRow>(
    db,
    sql`select channel, recipient, subject, body from outbox
        where recipient = any(${`{${[...people.map((p) => p.email), ...phones].join(',')}}`}::text[])
        order by id`,
  );

async function pilot(phone: string | null = null): Promise<TestUser> {
  const user = await createUser(db, 'user');
  await db.execute(sql`update users set phone = ${phone}, first_name = 'Dana' where id = ${user.id}`);
  return user;
}

/**
 * A project with structure R-1 in crew 1 (two pilots, one with a phone), R-2 in no crew, a pilot of crew 2,
 * and a pilot assigned to the project.
 */
async function fixture() {
  const projectId = await createProject(db, companyId);
  const lineId = await createLine(db, companyId, projectId, `Notice Line ${projectId}`);
  const { structureIds, inspectionIds } = await createStructures(db, projectId, lineId, 2, { prefix: 'R-' });
  const crew1 = await createCrewGroup(db, projectId, 1);
  const crew2 = await createCrewGroup(db, projectId, 2);
  const phone = `(720) 555-${String(projectId % 10000).padStart(4, '0')}`;
  const withPhone = await pilot(phone);
  const emailOnly = await pilot();
  const otherCrew = await pilot('(720) 555-0199');
  const assigned = await pilot();
  await db.insert(crewMembers).values([
    { crewGroupId: crew1, userId: withPhone.id },
    { crewGroupId: crew1, userId: emailOnly.id },
    { crewGroupId: crew2, userId: otherCrew.id },
  ]);
  await db.insert(projectPilots).values({ projectId, userId: assigned.id, assigned: true });
  await db.execute(sql`update structures set crew_group_id = ${crew1} where id = ${structureIds[0]!}`);
  return {
    projectId,
    inCrew: inspectionIds[0]!,
    noCrew: inspectionIds[1]!,
    withPhone,
    emailOnly,
    otherCrew,
    assigned,
    phone,
  };
}

describe('a reshoot request tells the pilots', () => {
  it("e-mails the structure's crew, texts those with a phone number, and no one else", async () => {
    const f = await fixture();
    const res = await post(`/inspections/requestReshoot/${f.inCrew}`, {
      reason: 'The insulator is out of frame',
    });
    expect(res.statusCode, res.body).toBe(200);
    const sent = await outboxTo([f.withPhone, f.emailOnly, f.otherCrew, f.assigned], [f.phone]);
    expect(sent.map((m) => [m.channel, m.recipient])).toEqual([
      ['email', f.withPhone.email],
      ['sms', f.phone],
      ['email', f.emailOnly.email],
    ]);
    const mail = sent[0]!;
    expect(mail.subject).toMatch(/^Reshoot requested: R-1 \(Notice Line \d+\)$/);
    expect(mail.body).toContain('Hello Dana');
    expect(mail.body).toContain('Reason: The insulator is out of frame');
    expect(mail.body).toMatch(/\/projects\/[^/\s]+\/upload/);
    expect(sent[1]!.body).toMatch(/^Linewalker: please photograph structure R-1 on line Notice Line \d+/);
    expect(sent[1]!.body).toContain('Reason: The insulator is out of frame');
  });

  it('sends once for a repeated or double request, and again when the reason changes', async () => {
    const f = await fixture();
    const same = { reason: 'Closer please' };
    const answers = await Promise.all([
      post(`/inspections/requestReshoot/${f.inCrew}`, same),
      post(`/inspections/requestReshoot/${f.inCrew}`, same, 'inspector2'),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(answers.map((r) => r.json().changed).sort()).toEqual([false, true]);
    expect((await post(`/inspections/requestReshoot/${f.inCrew}`, same)).json().changed).toBe(false);
    expect(await outboxTo([f.emailOnly])).toHaveLength(1);

    await post(`/inspections/requestReshoot/${f.inCrew}`, { reason: 'From the other side' });
    const mails = await outboxTo([f.emailOnly]);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.body).toContain('Reason: From the other side');
  });

  it("tells the project's assigned pilots when the structure is in no crew", async () => {
    const f = await fixture();
    await post(`/inspections/requestReshoot/${f.noCrew}`, { reason: 'Missing the top' });
    const sent = await outboxTo([f.withPhone, f.emailOnly, f.otherCrew, f.assigned], [f.phone]);
    expect(sent.map((m) => m.recipient)).toEqual([f.assigned.email]);
  });

  it('sends nothing when the request is refused', async () => {
    const f = await fixture();
    await reviewInspections(db, [f.inCrew]);
    expect((await post(`/inspections/requestReshoot/${f.inCrew}`, { reason: 'Late' })).statusCode).toBe(409);
    expect(
      (await post(`/inspections/requestReshoot/${f.inCrew}`, { reason: 'x' }, 'customer_own')).statusCode,
    ).toBe(403);
    expect(await outboxTo([f.withPhone, f.emailOnly, f.assigned], [f.phone])).toEqual([]);
  });
});

import { projectSlug } from '@linewalker/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { writeAudit } from '../../platform/audit.ts';
import type { Db } from '../../platform/db/client.ts';
import { queryRows } from '../../platform/db/rows.ts';
import type { JobContext } from '../../platform/jobs/define.ts';

const NOTICE_ACTION = 'delivery.ready_notice';

const ReadyPackage = z.object({
  project_name: z.string(),
  number: z.number(),
  archive_name: z.string(),
  image_count: z.number(),
  company_id: z.number(),
  /** Whether the customer was told already (by an earlier run of the build). */
  told: z.boolean(),
});
type ReadyPackage = z.infer<typeof ReadyPackage>;

/** The package, locked, with its project and whether its customers were told already. */
async function readyPackage(db: Db, packageId: number): Promise<ReadyPackage | null> {
  const [row] = await queryRows(
    db,
    sql`select p.project_name, d.number, d.archive_name, d.image_count, p.company_id,
          exists (select 1 from audit_log a where a.action = ${NOTICE_ACTION}
            and a.object_type = 'delivery_package' and a.object_id = ${String(packageId)}) as told
        from delivery_packages d join projects p on p.id = d.project_id
        where d.id = ${packageId} and d.status = 'ready'
        for update of d`,
    ReadyPackage,
  );
  return row ?? null;
}

/** The active customer users of the company. */
function customerRecipients(db: Db, companyId: number) {
  return queryRows(
    db,
    sql`select u.email, u.first_name from users u join roles r on r.id = u.role_id
        where u.company_id = ${companyId} and r.role_name = 'customer' and u.status = 1
        order by u.id`,
    z.object({
      email: z.string(),
      first_name: z.string(),
    }),
  );
}

/**
 * E-mails the customer company's users that a delivery package is ready, with a link to the project's
 * Delivery page, opened at that package, where they download it. Runs in the build job's transaction that
 * marks the package ready, once per package: a rebuilt or retried package is not announced again (the
 * audit record says it was). Each e-mail is delivered by a `mail.deliver` job with the mail retries.
 */
export async function tellCustomersPackageReady(tx: Db, ctx: JobContext, packageId: number): Promise<number> {
  const pkg = await readyPackage(tx, packageId);
  if (!pkg || pkg.told) return 0;
  // `package` makes the Delivery page bring this package into view and mark it: the one the e-mail names.
  const link = `${ctx.deps.config.publicUrl}/projects/${encodeURIComponent(projectSlug(pkg.project_name))}/archive?package=${packageId}`;
  const recipients = await customerRecipients(tx, pkg.company_id);
  const photos = pkg.image_count === 1 ? '1 photo' : `${pkg.image_count} photos`;
  for (const person of recipients) {
    await ctx.deps.mailer.enqueue(tx, {
      channel: 'email',
      to: person.email,
      subject: `Your inspection photos are ready: ${pkg.project_name}`,
      body:
        `Hello ${person.first_name},\n\n` +
        `A new delivery of project ${pkg.project_name} is ready to download: ${pkg.archive_name} ` +
        `(package ${pkg.number}, ${photos}).\n\n` +
        `Sign in and open the project's Delivery page to download it:\n${link}\n`,
    });
  }
  await writeAudit(tx, ctx.actor, {
    action: NOTICE_ACTION,
    objectType: 'delivery_package',
    objectId: packageId,
    details: { recipients: recipients.length, jobId: ctx.jobId },
  });
  return recipients.length;
}

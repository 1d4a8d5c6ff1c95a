import {
  ASSET_STATE_LEVEL,
  type AssetHistory,
  type AssetSummary,
  type DashboardStructuresPage,
  type DashboardStructuresQuery,
  decide,
  projectSubpagesFor,
  type TransmissionStructure,
} from '@linewalker/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../platform/auth/actor.ts';
import { companyScope } from '../../platform/auth/policy.ts';
import { requireFound, requireStructure } from '../../platform/auth/require.ts';
import type { Db } from '../../platform/db/client.ts';
import { notFound } from '../../platform/errors.ts';
import * as repo from './assetHealth.repository.ts';

interface Filter {
  company_id?: number | undefined;
  line_id?: number | undefined;
}

/**
 * The assets a caller looks at: a customer's own company's (whatever company_id says), staff every
 * company's or the one company_id names; line_id keeps the assets of that line's name in its company.
 */
function scopeOf(actor: Actor, filter: Filter): SQL {
  const parts: SQL[] = [];
  const company = companyScope(actor) ?? filter.company_id;
  if (company !== undefined) parts.push(sql`a.company_id = ${company}`);
  if (filter.line_id !== undefined) {
    parts.push(sql`lower(a.line_name) = (select lower(l.line_name) from lines l
      where l.id = ${filter.line_id} and l.company_id = a.company_id)`);
  }
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

const LEVEL_KEYS = {
  1: 'satisfactory',
  2: 'minor',
  3: 'significant',
  4: 'urgent',
  5: 'major',
  [-2]: 'not_inspected',
  [-1]: 'not_acquired',
} as const;

/** Spec 3 §3 'Summary': the assets per state; pct_w_issue the share with at least one issue (percent, 2 decimals). */
export async function summary(db: Db, actor: Actor, filter: Filter): Promise<AssetSummary> {
  const counts = await repo.countByLevel(db, scopeOf(actor, filter));
  const result: AssetSummary = {
    total: 0,
    satisfactory: 0,
    minor: 0,
    significant: 0,
    urgent: 0,
    major: 0,
    not_inspected: 0,
    not_acquired: 0,
    pct_w_issue: 0,
  };
  let withIssue = 0;
  for (const row of counts) {
    result.total += row.n;
    withIssue += row.with_issue;
    const key = LEVEL_KEYS[row.level as keyof typeof LEVEL_KEYS];
    if (key) result[key] += row.n;
  }
  result.pct_w_issue = result.total > 0 ? Math.round((withIssue / result.total) * 10_000) / 100 : 0;
  return result;
}

/** Spec 3 §7 'Transmission asset line': a page of structures in the state filter, and the summary. */
export async function structures(
  db: Db,
  actor: Actor,
  query: DashboardStructuresQuery,
): Promise<DashboardStructuresPage> {
  const scope = scopeOf(actor, query);
  const level = query.filter === 'all' ? null : ASSET_STATE_LEVEL[query.filter];
  const where = level === null ? scope : sql`${scope} and a.health_risk = ${level}`;
  const [rows, totals] = await Promise.all([
    repo.listStructures(db, where, query),
    summary(db, actor, query),
  ]);
  const total = level === null ? totals.total : totals[query.filter as Exclude<typeof query.filter, 'all'>];
  return { structures: rows, summary: totals, total };
}

/** The health of the asset a project structure belongs to (any asset class). */
export async function structureHealth(
  db: Db,
  actor: Actor,
  structureId: number,
): Promise<TransmissionStructure> {
  await requireStructure(db, actor, 'asset.read', structureId);
  const row = await repo.findAnyStructure(
    db,
    sql`a.id = (select s.asset_id from structures s where s.id = ${structureId})`,
  );
  if (!row) throw notFound('Asset');
  return row;
}

/** May the caller open a project of this company in the inspection viewer (its Inspect sub-page)? */
function canOpen(actor: Actor, companyId: number): boolean {
  if (actor.kind === 'system') return true;
  return (
    decide(actor, 'project.read', { kind: 'Project', companyId }) === 'allow' &&
    projectSubpagesFor(actor.roleName).includes('inspect')
  );
}

/** Every inspection of the asset across projects, newest first, with risk, issues and photos. */
export async function assetHistory(db: Db, actor: Actor, assetId: number): Promise<AssetHistory> {
  const asset = requireFound(
    actor,
    'asset.read',
    'Asset',
    await repo.findAnyStructure(db, sql`a.id = ${assetId}`),
  );
  const rows = await repo.history(db, assetId);
  return {
    asset,
    inspections: rows.map(({ company_id, max_risk, issues, ...row }) => {
      const completed = row.date_reviewed !== null;
      return {
        ...row,
        risk: completed ? Math.max(1, max_risk ?? 1) : row.photo_count > 0 ? -2 : -1,
        issues: completed ? issues : [],
        issue_count: completed ? issues.length : 0,
        can_open: canOpen(actor, company_id),
      };
    }),
  };
}

import { type ProjectStats, projectStatPercentages } from '@linewalker/domain';

export interface ProjectStatItem {
  label: string;
  /** undefined when the counts could not be loaded. */
  count: number | undefined;
  /** Percentage of all structures, as the domain rounds it; none for the total itself. */
  pct?: string;
}

export interface ProjectStatGroup {
  title: 'Overall' | 'Acquisition' | 'Inspected';
  items: ProjectStatItem[];
}

/**
 * The project's structure stats (spec 1 §2, §7 'Project stats') in the order and groups the spec names
 * them; the overview shows them as tiles, the assignment tab as three groups.
 */
export function projectStatGroups(stats: ProjectStats | undefined): ProjectStatGroup[] {
  const pct = projectStatPercentages(stats ?? {});
  return [
    {
      title: 'Overall',
      items: [
        { label: 'Total Structures', count: stats?.total_struct_count },
        { label: 'KMZ/CSV Structures', count: stats?.kmz_struct_count, pct: pct.kmzStructurePct },
        { label: 'Nadir Structures', count: stats?.nadir_struct_count, pct: pct.nadirStucturePct },
        { label: 'Manual Structures', count: stats?.manual_struct_count, pct: pct.manualStructurePct },
      ],
    },
    {
      title: 'Acquisition',
      items: [
        { label: 'Total Acquired', count: stats?.acquired_structures, pct: pct.totalAcquiredPct },
        {
          label: 'Acquired Yesterday',
          count: stats?.acquired_structures_yesterday,
          pct: pct.acquiredYesterdayPct,
        },
      ],
    },
    {
      title: 'Inspected',
      items: [
        { label: 'Total Inspected', count: stats?.inspected_count, pct: pct.totalInspPct },
        {
          label: 'Inspected Yesterday',
          count: stats?.inspected_count_yesterday,
          pct: pct.totalInspYesterdayPct,
        },
      ],
    },
  ];
}

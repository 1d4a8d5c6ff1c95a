/** Query keys of the projects area; mutations invalidate by these prefixes. */
export const projectKeys = {
  all: ['projects'] as const,
  list: (today: string) => ['projects', 'list', today] as const,
  detail: (id: number) => ['projects', 'detail', id] as const,
  stats: (id: number) => ['projects', 'stats', id] as const,
  customers: ['customers', 'list'] as const,
  types: ['projects', 'types'] as const,
  tiers: ['projects', 'tiers'] as const,
};

import { JOB_STATES } from '@linewalker/domain';
import { Group, Select } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { jobFiltersFrom } from '../api/jobFilters.ts';

/** State and name filters, kept in the address; changing one goes back to page 1. */
export function JobFilters({ names }: { names: string[] }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = jobFiltersFrom(searchParams);
  const set = (key: 'state' | 'name', value: string | null) =>
    setSearchParams((current) => {
      const params = new URLSearchParams(current);
      if (value) params.set(key, value);
      else params.delete(key);
      params.delete('page');
      return params;
    });

  return (
    <Group gap="sm" mb="md">
      <Select
        label="State"
        placeholder="Any state"
        data={[...JOB_STATES]}
        value={filters.state ?? null}
        onChange={(value) => set('state', value)}
        clearable
        w={180}
      />
      <Select
        label="Job"
        placeholder="Any job"
        data={names}
        value={filters.name ?? null}
        onChange={(value) => set('name', value)}
        clearable
        w={240}
      />
    </Group>
  );
}

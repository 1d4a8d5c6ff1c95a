import { CREW_TEXTS, type CrewGroup, type ProjectLine } from '@linewalker/domain';
import { Button, Group, MultiSelect } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { crewLabel } from '../../model/assignmentModel.ts';
import { type StructureFilter, UNASSIGNED_VALUE } from '../../model/filterStructures.ts';

interface AssignmentFiltersProps {
  lines: readonly ProjectLine[];
  linesLoading: boolean;
  crew: readonly CrewGroup[];
  filter: StructureFilter;
  onFilter: (filter: StructureFilter) => void;
  shownCount: number;
  onDownload: () => void;
}

/** Line and Crew multi-selects (empty means all) and Download CSV of what they keep (spec 1 §2). */
export function AssignmentFilters({
  lines,
  linesLoading,
  crew,
  filter,
  onFilter,
  shownCount,
  onDownload,
}: AssignmentFiltersProps) {
  const lineOptions = lines.map((line) => ({ value: String(line.id), label: line.line_name }));
  const crewOptions = [
    ...crew.map((group) => ({ value: String(group.crew_group_id), label: crewLabel(group) })),
    { value: UNASSIGNED_VALUE, label: CREW_TEXTS.unassignedFilter },
  ];
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <MultiSelect
        label="Line"
        placeholder={filter.lineIds.length ? undefined : linesLoading ? 'Loading lines…' : 'All lines'}
        data={lineOptions}
        value={[...filter.lineIds]}
        onChange={(lineIds) => onFilter({ ...filter, lineIds })}
        searchable
        clearable
        limit={200}
        nothingFoundMessage="No line matches"
        w={{ base: '100%', sm: 280 }}
        maxDropdownHeight={280}
      />
      <MultiSelect
        label="Crew"
        placeholder={filter.crews.length ? undefined : 'All crews'}
        data={crewOptions}
        value={[...filter.crews]}
        onChange={(crews) => onFilter({ ...filter, crews })}
        clearable
        w={{ base: '100%', sm: 260 }}
      />
      <Button
        variant="default"
        leftSection={<IconDownload size={16} />}
        onClick={onDownload}
        disabled={shownCount === 0}
      >
        Download CSV
      </Button>
    </Group>
  );
}

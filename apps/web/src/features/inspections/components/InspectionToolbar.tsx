import { Button, CloseButton, Group, Indicator, TextInput } from '@mantine/core';
import { IconDownload, IconFilter, IconSearch, IconSparkles } from '@tabler/icons-react';
import { formatCount } from '../../../lib/format.ts';

interface InspectionToolbarProps {
  search: string;
  onSearchChange: (search: string) => void;
  showFilters: boolean;
  onToggleFilters: () => void;
  activeColumnFilters: number;
  selectedCount: number;
  /** The export's rows are on their way. */
  exporting: boolean;
  onExport: () => void;
  onClearSelection: () => void;
  /** Reviewers only: the switch to inspections with open AI markups (absent for customers). */
  aiOpen?: { on: boolean; onToggle: () => void };
}

/** Search, the column-filter switch and the CSV export of the selected rows. */
export function InspectionToolbar(props: InspectionToolbarProps) {
  return (
    <Group gap="sm" wrap="wrap">
      <TextInput
        aria-label="Search inspections"
        placeholder="Search"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={props.search}
        onChange={(e) => props.onSearchChange(e.currentTarget.value)}
        rightSection={
          props.search ? (
            <CloseButton size="sm" aria-label="Clear search" onClick={() => props.onSearchChange('')} />
          ) : null
        }
        w={240}
      />
      {props.aiOpen && (
        <Button
          variant={props.aiOpen.on ? 'light' : 'default'}
          color={props.aiOpen.on ? 'violet' : undefined}
          leftSection={<IconSparkles size={16} aria-hidden />}
          aria-pressed={props.aiOpen.on}
          onClick={props.aiOpen.onToggle}
          title="Only inspections where an AI model found something not reviewed yet"
        >
          Open AI markups
        </Button>
      )}
      <Indicator
        label={props.activeColumnFilters}
        disabled={props.activeColumnFilters === 0}
        size={16}
        offset={4}
      >
        <Button
          variant={props.showFilters ? 'light' : 'default'}
          leftSection={<IconFilter size={16} aria-hidden />}
          aria-pressed={props.showFilters}
          onClick={props.onToggleFilters}
        >
          Column filters
        </Button>
      </Indicator>
      {props.selectedCount > 0 && (
        <Button variant="subtle" color="gray" onClick={props.onClearSelection}>
          Clear selection
        </Button>
      )}
      <Button
        leftSection={<IconDownload size={16} aria-hidden />}
        disabled={props.selectedCount === 0}
        loading={props.exporting}
        onClick={props.onExport}
        title={props.selectedCount === 0 ? 'Select rows to export' : undefined}
      >
        Export CSV{props.selectedCount > 0 ? ` (${formatCount(props.selectedCount)})` : ''}
      </Button>
    </Group>
  );
}

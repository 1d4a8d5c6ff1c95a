import type { CsvFieldSample } from '@linewalker/domain';
import { Badge, Group, Select, Stack, Text } from '@mantine/core';

interface ColumnSelectProps {
  label: string;
  fields: CsvFieldSample[];
  value: string | null;
  /** The column the other name select holds: it cannot be picked twice. */
  otherValue: string | null;
  onChange: (value: string | null) => void;
  error?: string | null;
  disabled?: boolean;
  /** Columns suggested for this choice, best first: listed first and marked 'Suggested'. */
  suggested?: readonly string[];
  /** Coordinate columns may be picked (the hand-picked Latitude/Longitude selects). */
  allowCoordinates?: boolean;
  /** Columns that cannot be picked here besides `otherValue`. */
  excluded?: readonly string[];
  placeholder?: string;
  description?: string;
  clearable?: boolean;
}

const coordinateFlag = (f: CsvFieldSample): string | null =>
  f.isLat ? 'Latitude' : f.isLon ? 'Longitude' : null;

/**
 * A Line Name / Structure Name column picker. Each option shows a sample value and flags the latitude
 * and longitude columns (spec 1 §2), which cannot be names (spec 1 §5), so they are shown but disabled.
 */
export function ColumnSelect({
  label,
  fields,
  value,
  otherValue,
  onChange,
  error,
  disabled,
  suggested = [],
  allowCoordinates = false,
  excluded = [],
  placeholder = 'Choose a column',
  description,
  clearable = false,
}: ColumnSelectProps) {
  const byName = new Map(fields.map((f) => [f.name, f]));
  const rank = (name: string) => {
    const i = suggested.indexOf(name);
    return i < 0 ? suggested.length : i;
  };
  const ordered = [...fields].sort((a, b) => rank(a.name) - rank(b.name));
  const data = ordered.map((f) => ({
    value: f.name,
    label: f.name,
    disabled:
      (!allowCoordinates && coordinateFlag(f) !== null) || f.name === otherValue || excluded.includes(f.name),
  }));
  return (
    <Select
      label={label}
      description={description}
      placeholder={placeholder}
      data={data}
      value={value}
      onChange={onChange}
      error={error}
      disabled={disabled}
      allowDeselect={false}
      clearable={clearable}
      searchable
      nothingFoundMessage="No column has that name"
      comboboxProps={{ withinPortal: true }}
      maxDropdownHeight={320}
      renderOption={({ option }) => {
        const field = byName.get(option.value);
        const flag = field ? coordinateFlag(field) : null;
        return (
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Group gap={6} wrap="nowrap">
              <Text size="sm" fw={500}>
                {option.label}
              </Text>
              {flag && (
                <Badge size="xs" variant="light" color="grape">
                  {flag}
                </Badge>
              )}
              {suggested.includes(option.value) && (
                <Badge size="xs" variant="light" color="teal">
                  Suggested
                </Badge>
              )}
            </Group>
            <Text size="xs" c="dimmed" truncate="end">
              {field?.samples[0] !== undefined ? `e.g. ${field.samples[0]}` : 'No sample value'}
            </Text>
          </Stack>
        );
      }}
    />
  );
}

import { Group, Radio, Switch } from '@mantine/core';
import { formatCount } from '../../../lib/format.ts';
import type { UploadSwitches as Switches } from './model/filters.ts';

/**
 * The Upload tab's switches (spec 2 §2 'Upload'): Show Images (zoomed in: All Images or Only
 * Unassigned), Hide Archived on the projects that offer it, Structure Visibility (All Structures or
 * Only Without Images).
 */
export function UploadSwitches({
  value,
  onChange,
  zoomedIn,
  unassignedCount,
  withoutImagesCount,
  offerHideArchived,
}: {
  value: Switches;
  onChange: (value: Switches) => void;
  zoomedIn: boolean;
  unassignedCount: number | undefined;
  withoutImagesCount: number;
  offerHideArchived: boolean;
}) {
  const set = (patch: Partial<Switches>) => onChange({ ...value, ...patch });
  const count = (n: number | undefined) => (n === undefined ? '…' : formatCount(n));
  return (
    <Group gap="lg" wrap="wrap" align="center" style={{ flex: '1 1 420px', minWidth: 0 }}>
      <Group gap="sm" wrap="wrap">
        <Switch
          label="Show Images"
          checked={value.showImages}
          onChange={(event) => set({ showImages: event.currentTarget.checked })}
        />
        {value.showImages && zoomedIn && (
          <Radio.Group
            aria-label="Images shown"
            value={value.imageScope}
            onChange={(scope) => set({ imageScope: scope as Switches['imageScope'] })}
          >
            <Group gap="sm" wrap="wrap">
              <Radio value="all" label="All Images" />
              <Radio value="unassigned" label={`Only Unassigned (${count(unassignedCount)})`} />
            </Group>
          </Radio.Group>
        )}
      </Group>
      {offerHideArchived && (
        <Switch
          label="Hide Archived"
          checked={value.hideArchived}
          onChange={(event) => set({ hideArchived: event.currentTarget.checked })}
        />
      )}
      <Group gap="sm" wrap="wrap">
        <Switch
          label="Structure Visibility"
          checked={value.showStructures}
          onChange={(event) => set({ showStructures: event.currentTarget.checked })}
        />
        {value.showStructures && (
          <Radio.Group
            aria-label="Structures shown"
            value={value.structureScope}
            onChange={(scope) => set({ structureScope: scope as Switches['structureScope'] })}
          >
            <Group gap="sm" wrap="wrap">
              <Radio value="all" label="All Structures" />
              <Radio
                value="withoutImages"
                label={`Only Without Images (${formatCount(withoutImagesCount)})`}
              />
            </Group>
          </Radio.Group>
        )}
      </Group>
    </Group>
  );
}

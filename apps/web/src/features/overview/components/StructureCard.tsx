import {
  formatCount,
  type OverviewStructure,
  projectSubpagesFor,
  RISK,
  type RoleName,
  reviewStatusLabel,
} from '@linewalker/domain';
import { Badge, Button, CloseButton, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconClipboardCheck } from '@tabler/icons-react';
import { Link } from 'react-router';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {value}
      </Text>
    </Stack>
  );
}

interface StructureCardProps {
  structure: OverviewStructure;
  /** The project's inspect sub-page, when the viewer may open it. */
  inspectHref: string | null;
  onClose: () => void;
}

/** The structure a map marker or a table row points at: its risk, status, photos and issues. */
export function StructureCard({ structure, inspectHref, onClose }: StructureCardProps) {
  const risk = RISK[structure.risk];
  return (
    <Paper
      withBorder
      shadow="sm"
      p="sm"
      radius="md"
      data-testid="structure-card"
      aria-label={`Structure ${structure.struct_num}`}
      role="region"
    >
      <Group justify="space-between" wrap="nowrap" mb="xs">
        <Group gap="xs" wrap="nowrap">
          <Text fw={700}>{structure.struct_num}</Text>
          <Badge color={risk.color} variant="filled" autoContrast>
            {risk.label}
          </Badge>
        </Group>
        <CloseButton aria-label="Close structure" onClick={onClose} />
      </Group>
      <SimpleGrid cols={3} spacing="xs">
        <Fact label="Line Name" value={structure.line_name} />
        <Fact label="Line Number" value={structure.line_num ?? '--'} />
        <Fact label="Status" value={reviewStatusLabel(structure.review_status)} />
        <Fact label="Issues" value={formatCount(structure.issue_count)} />
        <Fact label="Photos" value={formatCount(structure.uploaded_image_count)} />
        <Fact
          label="Coordinates"
          value={`${structure.latitude.toFixed(6)}, ${structure.longitude.toFixed(6)}`}
        />
      </SimpleGrid>
      {inspectHref && structure.inspection_id !== null && (
        <Button
          component={Link}
          to={`${inspectHref}?inspectionId=${structure.inspection_id}`}
          size="xs"
          mt="sm"
          variant="light"
          leftSection={<IconClipboardCheck size={14} />}
        >
          Open inspection
        </Button>
      )}
    </Paper>
  );
}

/** Whether the viewer's role sees the inspect sub-page (spec 2 §6). */
export const canOpenInspect = (roleName: RoleName | undefined): boolean =>
  projectSubpagesFor(roleName).includes('inspect');

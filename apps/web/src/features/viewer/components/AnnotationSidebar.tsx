import { type Annotation, riskInfo } from '@linewalker/domain';
import {
  Badge,
  Button,
  CloseButton,
  Group,
  ScrollArea,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';

/** What a list row calls a mark: its component and deficiency, or its ETT code and position. */
function annotationTitle(a: Annotation): string {
  const parts =
    a.ett_evaluation_code_value !== null
      ? [a.ett_evaluation_code_value, a.ett_knuckle_flat_position]
      : [a.category_text ?? '--', a.sub_category_text];
  return parts.filter(Boolean).join(' · ');
}

interface SidebarProps {
  annotations: readonly Annotation[];
  selected: Annotation | null;
  canDelete: boolean;
  deleting: boolean;
  onSelect: (id: number | null) => void;
  onDelete: (a: Annotation) => void;
  onClose: () => void;
}

/**
 * The annotation side bar (spec 2 §2 'Annotation panels'): every annotation of the photo; a row opens its
 * detail (ID, Component, Deficiency, Severity, Notes) with View Full List and Delete.
 */
export function AnnotationSidebar(props: SidebarProps) {
  const a = props.selected;
  if (a) {
    const risk = riskInfo(a.risk_level);
    return (
      <Stack gap="sm" data-testid="annotation-detail">
        <Group justify="space-between">
          <Title order={5}>Annotation</Title>
          <CloseButton aria-label="Close annotations" onClick={props.onClose} />
        </Group>
        <Table variant="vertical" withTableBorder layout="fixed">
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w={100}>ID</Table.Th>
              <Table.Td>{a.annotation_number}</Table.Td>
            </Table.Tr>
            {a.ett_evaluation_code_value !== null ? (
              // An ETT-mode mark names an evaluation code and a knuckle/flat position, not a component.
              <>
                <Table.Tr>
                  <Table.Th>Evaluation Code</Table.Th>
                  <Table.Td>
                    {a.ett_evaluation_code_value}
                    {a.ett_evaluation_description ? ` · ${a.ett_evaluation_description}` : ''}
                  </Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>Knuckle/Flat</Table.Th>
                  <Table.Td>{a.ett_knuckle_flat_position ?? '--'}</Table.Td>
                </Table.Tr>
              </>
            ) : (
              <>
                <Table.Tr>
                  <Table.Th>Component</Table.Th>
                  <Table.Td>{a.category_text ?? '--'}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>Deficiency</Table.Th>
                  <Table.Td>{a.sub_category_text ?? '--'}</Table.Td>
                </Table.Tr>
              </>
            )}
            <Table.Tr>
              <Table.Th>Severity</Table.Th>
              <Table.Td>
                <Badge color={risk.color} variant="filled">
                  {a.risk_level} · {risk.label}
                </Badge>
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Notes</Table.Th>
              <Table.Td style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                {a.note || '--'}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        {a.created_by_name && (
          <Text size="xs" c="dimmed">
            By {a.created_by_name}
          </Text>
        )}
        <Group justify="space-between">
          <Button variant="default" onClick={() => props.onSelect(null)}>
            View Full List
          </Button>
          {props.canDelete && (
            <Button color="red" variant="light" loading={props.deleting} onClick={() => props.onDelete(a)}>
              Delete
            </Button>
          )}
        </Group>
      </Stack>
    );
  }
  return (
    <Stack gap="sm" data-testid="annotation-list" h="100%">
      <Group justify="space-between">
        <Title order={5}>Annotations ({props.annotations.length})</Title>
        <CloseButton aria-label="Close annotations" onClick={props.onClose} />
      </Group>
      {props.annotations.length === 0 ? (
        <Text size="sm" c="dimmed">
          No annotations on this photo yet. Choose Annotate Rectangle or Annotate Polygon to mark a defect.
        </Text>
      ) : (
        <ScrollArea.Autosize mah="calc(100vh - 220px)">
          <Stack gap={4}>
            {props.annotations.map((an) => (
              <UnstyledButton
                key={an.id}
                onClick={() => props.onSelect(an.id)}
                p={6}
                style={{ borderRadius: 4, border: '1px solid var(--mantine-color-default-border)' }}
              >
                <Group gap="xs" wrap="nowrap">
                  <Badge color={riskInfo(an.risk_level).color} variant="filled" size="sm" circle>
                    {an.annotation_number}
                  </Badge>
                  <Text size="sm" truncate>
                    {annotationTitle(an)}
                  </Text>
                </Group>
              </UnstyledButton>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}

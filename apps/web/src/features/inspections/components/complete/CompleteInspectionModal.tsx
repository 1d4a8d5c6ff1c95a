import { can, completionDialogTitle, type InspectionRow, type ProjectDetail } from '@linewalker/domain';
import { Badge, Group, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSession } from '../../../../lib/session.ts';
import { useCompleteInspection } from '../../api/completeInspection.ts';
import { type CompletionVariant, completionVariantFor } from '../../model/completionVariant.ts';
import { AssetDropdownForm } from './AssetDropdownForm.tsx';
import { ConditionForm } from './ConditionForm.tsx';
import type { CompletionFormProps } from './completionFormProps.ts';
import { StructureDetailsForm } from './StructureDetailsForm.tsx';

const FORMS: Record<CompletionVariant, (props: CompletionFormProps) => ReactNode> = {
  condition: ConditionForm,
  structure: StructureDetailsForm,
  dropdown: AssetDropdownForm,
};

interface CompleteInspectionModalProps {
  project: Pick<ProjectDetail, 'id' | 'ptype_id'>;
  /** The inspection to show; null keeps the modal closed. */
  row: InspectionRow | null;
  onClose: () => void;
}

/**
 * 'Complete Inspection' ('Completed Inspection' once date_reviewed is set). Users who may inspect can save;
 * everyone else sees the same form read-only. A failed save shows the spec's alert and keeps the dialog open.
 */
export function CompleteInspectionModal({ project, row, onClose }: CompleteInspectionModalProps) {
  const session = useSession().data;
  const complete = useCompleteInspection();
  const canSave = session ? can(session, 'inspection.complete') : false;
  const Form = FORMS[completionVariantFor(project.ptype_id)];

  const finish = () => {
    complete.reset();
    onClose();
  };
  // Closing mid-save would hide the outcome; the save is short, so the dialog waits for it.
  const close = () => {
    if (!complete.isPending) finish();
  };

  return (
    <Modal
      opened={row !== null}
      onClose={close}
      title={row ? completionDialogTitle(row.date_reviewed) : ''}
      size="lg"
      centered
    >
      {row && (
        <>
          <Group gap="xs" mb="md">
            <Text size="sm" c="dimmed">
              {row.line_name} · {row.structure}
              {row.component ? ` · ${row.component}` : ''}
            </Text>
            {!canSave && (
              <Badge variant="light" color="gray" size="sm">
                Read only
              </Badge>
            )}
          </Group>
          <Form
            // A fresh form per inspection, so one inspection's answers never show in the next.
            key={row.id}
            row={row}
            canSave={canSave}
            inspectorName={session ? `${session.firstName} ${session.lastName}`.trim() : ''}
            mutation={complete}
            onSubmit={(body) =>
              complete.mutate({ inspectionId: row.id, projectId: project.id, body }, { onSuccess: finish })
            }
            onClose={close}
          />
        </>
      )}
    </Modal>
  );
}

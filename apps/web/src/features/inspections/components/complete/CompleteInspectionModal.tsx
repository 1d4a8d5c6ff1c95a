import {
  type CompleteInspectionRequest,
  can,
  completionDialogTitle,
  type InspectionRow,
  type ProjectDetail,
} from '@linewalker/domain';
import { Badge, Group, Modal, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { ConfirmDialog } from '../../../../components/ConfirmDialog.tsx';
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
  // A completion of a structure without a standing photo waits here for the reviewer's confirmation.
  const [unconfirmed, setUnconfirmed] = useState<CompleteInspectionRequest | null>(null);

  const save = (inspectionId: number, body: CompleteInspectionRequest) =>
    complete.mutate({ inspectionId, projectId: project.id, body }, { onSuccess: finish });

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
            {row.completed_without_photos && (
              <Badge variant="light" color="orange" size="sm">
                Completed without photos
              </Badge>
            )}
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
            onSubmit={(body) => {
              if (row.uploaded_image_count === 0) setUnconfirmed(body);
              else save(row.id, body);
            }}
            onClose={close}
          />
          <ConfirmDialog
            opened={unconfirmed !== null}
            title="No Photos"
            message={
              'This structure has no photos. Completing it now records it as completed without photos; ' +
              'its risk then comes from the form alone. Complete it anyway?'
            }
            confirmLabel="Complete Without Photos"
            cancelLabel="Cancel"
            onConfirm={() => {
              if (unconfirmed) save(row.id, unconfirmed);
              setUnconfirmed(null);
            }}
            onCancel={() => setUnconfirmed(null)}
          />
        </>
      )}
    </Modal>
  );
}

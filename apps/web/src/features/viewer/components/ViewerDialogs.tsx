import {
  armWord,
  type InspectionImage,
  type InspectionRow,
  REJECT_REASON_MAX,
  RESHOOT_REASON_MAX,
  type ViewerInspection,
} from '@linewalker/domain';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import type { useReviewMutations } from '../api/viewerMutations.ts';
import type { ViewerDialog } from '../hooks/useViewerDialog.ts';
import { CompletionPrecheck } from './CompletionPrecheck.tsx';
import { HistoryPanel } from './HistoryPanel.tsx';
import { NoteModal } from './NoteModal.tsx';
import { PreviewModal } from './PreviewModal.tsx';
import { ReasonModal } from './ReasonModal.tsx';
import { InspectionReportModal } from './report/InspectionReportModal.tsx';

const ESCALATE_FAILED = 'Could not escalate. Please contact support or try again later';

export interface CompleteRenderArgs {
  row: InspectionRow | null;
  onClose: () => void;
}

interface ViewerDialogsProps {
  inspectionId: number;
  dialogs: ViewerDialog;
  data: ViewerInspection | undefined;
  current: InspectionImage | null;
  shown: InspectionImage[];
  selected: Set<number>;
  /** The photos Reject and Restore act on: those selected, else the current one. */
  actOn: () => number[];
  clearSelection: () => void;
  onOpen: (imageId: number) => void;
  actions: ReturnType<typeof useReviewMutations>;
  isStaffUser: boolean;
  /** The ETT/ABB workflow's own dialogs. */
  ettDialogs: ReactNode;
  /** The Complete Inspection dialog (another feature's), composed in by the app layer. */
  renderComplete: (args: CompleteRenderArgs) => ReactNode;
  onCompleteClosed: () => void;
}

/** Every dialog the viewer opens: note, reject, restore, reshoot, escalate, the completion and its checks, … */
export function ViewerDialogs({ dialogs, actions, current, data, ...props }: ViewerDialogsProps) {
  const { dialog, setDialog, close } = dialogs;
  const row = data?.inspection ?? null;
  const doneWithSelection = () => {
    props.clearSelection();
    close();
  };
  return (
    <>
      {current && (
        <NoteModal
          opened={dialog === 'note'}
          note={current.note_text}
          saving={actions.updateNote.isPending}
          onSave={(text) => actions.updateNote.mutateAsync({ imageId: current.id, imageNote: text })}
          onClose={close}
        />
      )}
      <ReasonModal
        opened={dialog === 'reject'}
        title="Reject"
        label="Why are you rejecting this photo?"
        maxLength={REJECT_REASON_MAX}
        submitLabel="Reject"
        submitColor="red"
        saving={actions.reject.isPending}
        error={actions.reject.isError ? 'Could not reject. Please try again.' : null}
        onClose={() => {
          actions.reject.reset();
          close();
        }}
        onSubmit={(notes) =>
          actions.reject.mutate({ imageIds: props.actOn(), notes }, { onSuccess: doneWithSelection })
        }
      />
      <ConfirmDialog
        opened={dialog === 'restore'}
        title="Restore Photo"
        message="Would you like to restore this photo?"
        confirmLabel="Restore Photo"
        cancelLabel="Cancel"
        onCancel={close}
        onConfirm={() => actions.unreject.mutate(props.actOn(), { onSuccess: doneWithSelection })}
      />
      <ReasonModal
        opened={dialog === 'reshoot'}
        title="Request Reshoot"
        label="Notes"
        placeholder="What should the crew photograph again?"
        maxLength={RESHOOT_REASON_MAX}
        submitLabel="Save"
        saving={actions.requestReshoot.isPending}
        error={actions.requestReshoot.isError ? 'Could not request the reshoot. Please try again.' : null}
        onClose={() => {
          actions.requestReshoot.reset();
          close();
        }}
        onSubmit={(reason) =>
          row &&
          actions.requestReshoot.mutate(
            { reason, pole: row.structure, line: row.line_name, component: row.component_id },
            { onSuccess: close },
          )
        }
      />
      <ConfirmDialog
        opened={dialog === 'escalate'}
        title="Escalate"
        message="Are you sure you want to escalate this inspection?"
        confirmLabel="Escalate"
        cancelLabel="Cancel"
        destructive
        onCancel={close}
        onConfirm={() =>
          actions.escalate.mutate(undefined, {
            onSuccess: close,
            onError: () => setDialog('escalateFailed'),
          })
        }
      />
      <Modal opened={dialog === 'escalateFailed'} onClose={close} title="Escalate" centered zIndex={400}>
        <Stack>
          <Text size="sm">{ESCALATE_FAILED}</Text>
          <Group justify="flex-end">
            <Button onClick={close}>Ok</Button>
          </Group>
        </Stack>
      </Modal>
      <CompletionPrecheck
        step={dialog === 'precheck' ? (dialogs.precheck[0] ?? null) : null}
        unassigned={data?.unassigned_nearby ?? []}
        armsWithoutImages={dialogs.armsWithoutImages}
        word={armWord(data?.ptype_name)}
        onCancel={close}
        onContinue={dialogs.continuePrecheck}
      />
      <PreviewModal
        opened={dialog === 'preview'}
        images={props.selected.size > 0 ? props.shown.filter((i) => props.selected.has(i.id)) : props.shown}
        onPick={(id) => {
          close();
          props.onOpen(id);
        }}
        onClose={close}
      />
      {props.isStaffUser && (
        <HistoryPanel inspectionId={props.inspectionId} opened={dialog === 'history'} onClose={close} />
      )}
      <InspectionReportModal
        inspectionId={props.inspectionId}
        opened={dialog === 'report'}
        onClose={close}
        onOpenForm={() => setDialog('complete')}
      />
      {props.ettDialogs}
      {props.renderComplete({
        row: dialog === 'complete' ? row : null,
        onClose: () => {
          close();
          props.onCompleteClosed();
        },
      })}
    </>
  );
}

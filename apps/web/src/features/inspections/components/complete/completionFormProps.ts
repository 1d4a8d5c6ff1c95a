import type { CompleteInspectionRequest, InspectionRow } from '@linewalker/domain';

/** What every Complete Inspection form variant receives from the modal. */
export interface CompletionFormProps {
  row: InspectionRow;
  canSave: boolean;
  /** The signed-in user's name, the default Inspector of a first completion. */
  inspectorName: string;
  /** The save in flight: its pending and failed states drive the buttons and the alert. */
  mutation: { isPending: boolean; isError: boolean };
  onSubmit: (body: CompleteInspectionRequest) => void;
  onClose: () => void;
}

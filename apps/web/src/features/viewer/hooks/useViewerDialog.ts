import { useState } from 'react';
import {
  type PrecheckStep,
  precheckSteps,
  type UnassignedNearby,
} from '../components/CompletionPrecheck.tsx';

export type ViewerDialogName =
  | 'note'
  | 'reject'
  | 'restore'
  | 'reshoot'
  | 'escalate'
  | 'escalateFailed'
  | 'precheck'
  | 'complete'
  | 'preview'
  | 'history'
  | 'report'
  | null;

/**
 * The one dialog the viewer shows at a time, and the way to Complete Inspection: the pre-complete checks
 * (unassigned photos nearby, ETT/ABB arms without photos) are confirmed one after another first.
 */
export function useViewerDialog() {
  const [dialog, setDialog] = useState<ViewerDialogName>(null);
  /** ETT/ABB: the arms (flanges) without photos, as the pre-complete check found them. */
  const [armsWithoutImages, setArmsWithoutImages] = useState<string[]>([]);
  /** The pre-complete checks still to confirm, the one shown first. */
  const [precheck, setPrecheck] = useState<PrecheckStep[]>([]);

  const close = () => setDialog(null);
  /** Starts completing: the checks that apply, then the Complete Inspection form. */
  const startCompletion = (unassigned: readonly UnassignedNearby[], bare: string[]) => {
    setArmsWithoutImages(bare);
    const steps = precheckSteps(unassigned, bare);
    setPrecheck(steps);
    setDialog(steps.length > 0 ? 'precheck' : 'complete');
  };
  /** The check shown was confirmed: the next one, or the form. */
  const continuePrecheck = () => {
    const rest = precheck.slice(1);
    setPrecheck(rest);
    setDialog(rest.length > 0 ? 'precheck' : 'complete');
  };

  return { dialog, setDialog, close, armsWithoutImages, precheck, startCompletion, continuePrecheck };
}

export type ViewerDialog = ReturnType<typeof useViewerDialog>;

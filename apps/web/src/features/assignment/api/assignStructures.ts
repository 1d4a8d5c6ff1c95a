import { toBatches } from '@linewalker/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { invalidate, staleAfter } from '../../../lib/queryKeys.ts';
import { saveStructuresToCrewGroup } from './saveStructuresToCrewGroup.ts';
import { unAssignStructuresFromCrewGroup } from './unAssignStructuresFromCrewGroup.ts';

/** Where the selected structures go: a crew group, or out of any crew group. */
export type AssignmentTarget = { kind: 'crew'; crewGroupId: number } | { kind: 'unassign' };

export interface AssignmentProgress {
  /** Structures sent and confirmed so far. */
  done: number;
  total: number;
  batchesDone: number;
  batches: number;
  /** All batches are through; the tab's data is being fetched again. */
  refreshing: boolean;
}

/**
 * Sends a selection in batches of at most 10,000 ids (spec 1 §4, §9), one after another so the
 * progress bar can follow them and a failure stops the rest. Whatever happened, the tab's data is
 * fetched again afterwards: batches already sent did change the server.
 */
export function useAssignStructures(projectId: number) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<AssignmentProgress | null>(null);

  const mutation = useMutation({
    mutationFn: async ({ target, ids }: { target: AssignmentTarget; ids: readonly number[] }) => {
      const batches = toBatches(ids);
      const state: AssignmentProgress = {
        done: 0,
        total: ids.length,
        batchesDone: 0,
        batches: batches.length,
        refreshing: false,
      };
      setProgress({ ...state });
      for (const batch of batches) {
        const answer =
          target.kind === 'crew'
            ? await saveStructuresToCrewGroup(projectId, target.crewGroupId, batch)
            : await unAssignStructuresFromCrewGroup(projectId, batch);
        state.done += answer.updated;
        state.batchesDone += 1;
        setProgress({ ...state });
      }
      return state.done;
    },
    onSettled: async () => {
      setProgress((current) => (current ? { ...current, refreshing: true } : current));
      await invalidate(queryClient, staleAfter.crewChange(projectId));
      setProgress(null);
    },
  });

  return { ...mutation, progress };
}

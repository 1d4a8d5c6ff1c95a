import { forwardRef, useSyncExternalStore } from 'react';
import { createValueStore, type ValueStore } from '../../../lib/valueStore.ts';
import { ImageStage, type ImageStageProps, type StageHandle } from './ImageStage.tsx';

/** The photo a step (Next, Back, the list…) asked for, until the viewer around the stage has caught up. */
export type StepStore = ValueStore<number | null>;

export const createStepStore = (): StepStore => createValueStore<number | null>(null);

const NONE: readonly never[] = [];

interface SteppingStageProps extends ImageStageProps {
  step: StepStore;
  /** The photos a step can lead to (the view's). */
  photos: readonly ImageStageProps['image'][];
}

/**
 * The stage, ahead of the rest of the viewer on a step: the viewer re-renders everything else (list,
 * toolbars, panels; about 100 ms on a slow machine) as a transition, while this shows the photo stepped to
 * at once, without annotations or drawing until the viewer has caught up with it.
 */
export const SteppingStage = forwardRef<StageHandle, SteppingStageProps>(function SteppingStage(
  { step, photos, ...props },
  ref,
) {
  const stepId = useSyncExternalStore(step.subscribe, step.get);
  const ahead =
    stepId !== null && stepId !== props.image.id ? photos.find((p) => p.id === stepId) : undefined;
  if (!ahead) return <ImageStage ref={ref} {...props} />;
  return (
    <ImageStage
      ref={ref}
      {...props}
      image={ahead}
      annotations={NONE}
      selectedId={null}
      drawMode={null}
      pending={null}
      overlay={undefined}
    />
  );
});

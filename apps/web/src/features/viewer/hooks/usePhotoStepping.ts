import { type ImageView, type InspectionImage, imagesInView } from '@linewalker/domain';
import { startTransition, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { onNextFrame } from '../../../lib/nextFrame.ts';
import { createStepStore } from '../components/SteppingStage.tsx';
import { addressBehind, askAddress, type PhotoPick, pickPhoto, settlePick } from '../model/photoPick.ts';
import { neighboursToPrefetch, type StepDirection } from '../model/photoPrefetch.ts';

interface PhotoSteppingOptions {
  /** The structure's photos (undefined while loading). */
  images: InspectionImage[] | undefined;
  /** The photo the address names. */
  imageId: number | null;
  onImageChange: (imageId: number) => void;
  hd: boolean;
  /** Run with each step, in the step's transition (the viewer drops what belonged to the last photo). */
  onStep: () => void;
}

/**
 * Moving between a structure's photos: the view (To Archive / Rejected / …), the photo picked, which way the
 * reviewer is going (for prefetching) and the address that follows the stage. A photo picked (Next, Back, the
 * list…) shows at once; the address follows once it is on screen (see photoPick.ts).
 */
export function usePhotoStepping({ images, imageId, onImageChange, hd, onStep }: PhotoSteppingOptions) {
  const [view, setView] = useState<ImageView>('archive');
  const [pick, setPick] = useState<PhotoPick | null>(null);
  const settled = settlePick(pick, imageId);
  if (settled !== pick) setPick(settled);
  const wantedId = settled?.id ?? imageId;
  /** The photo the stage last showed (its image loaded, or failed to). */
  const [onStage, setOnStage] = useState<number | null>(null);
  // Behind the stage, which shows a step's photo at once (SteppingStage): the rest of the viewer follows it.
  const showOnStage = useCallback((id: number) => startTransition(() => setOnStage(id)), []);
  const [stepStore] = useState(createStepStore);

  const all = images ?? [];
  const shown = useMemo(() => imagesInView(all, view), [all, view]);
  const current = shown.find((i) => i.id === wantedId) ?? shown[0] ?? null;
  const index = current ? shown.indexOf(current) : -1;
  // Which way the reviewer is going, from the last move between photos (kept in step with the index).
  const [step, setStep] = useState<{ index: number; direction: StepDirection }>({ index, direction: 'next' });
  if (step.index !== index) setStep({ index, direction: index < step.index ? 'back' : 'next' });
  const before = shown[index - 1]?.id;
  const after = shown[index + 1]?.id;
  const neighbourIds = useMemo(
    () => neighboursToPrefetch(before, after, hd, step.direction),
    [before, after, hd, step.direction],
  );

  // The address when the pick is made, read then: an ETT warning's 'Continue Unsaved' runs the step later,
  // after the address may have moved on to the photo the reviewer was on.
  const address = useRef(imageId);
  address.current = imageId;
  const onStepRef = useRef(onStep);
  onStepRef.current = onStep;
  // The stage shows the photo at once; the rest of the viewer (list, toolbars, panels) re-renders as a
  // transition, after the photo is painted.
  const stepTo = useCallback(
    (id: number) => {
      stepStore.set(id);
      startTransition(() => {
        onStepRef.current();
        setPick((p) => pickPhoto(p, id, address.current));
      });
    },
    [stepStore],
  );
  // The photo one step from the latest step (`delta` −1 back, +1 on), or null at either end: a Next
  // pressed again before the last one's render has landed counts from the photo that one went to.
  const latestShown = useRef({ shown, currentId: current?.id ?? null });
  latestShown.current = { shown, currentId: current?.id ?? null };
  const neighbour = useCallback(
    (delta: -1 | 1): number | null => {
      const { shown: photos, currentId: onScreen } = latestShown.current;
      const from = stepStore.get() ?? onScreen;
      const at = photos.findIndex((p) => p.id === from);
      return at < 0 ? null : (photos[at + delta]?.id ?? null);
    },
    [stepStore],
  );
  // The pick as last rendered: a step scheduled for an earlier pick must not undo a newer one.
  const latestPick = useRef(settled);
  latestPick.current = settled;
  // The address names the pick after the frame that shows it is painted.
  useEffect(() => {
    if (!addressBehind(settled) || onStage !== settled.id) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const cancel = onNextFrame(() => {
      timer = setTimeout(() => {
        // A Next pressed meanwhile (on a busy machine its render can land before this cleanup) wins.
        if (latestPick.current !== settled) return;
        // A Next pressed meanwhile whose render has not landed yet: the address still goes to this photo,
        // so the newer pick records it too (it would otherwise take that address for a move it did not
        // ask for, and give way to it: the second Next lost).
        setPick((p) => (p ? askAddress(p, settled.id) : p));
        onImageChange(settled.id);
      });
    });
    return () => {
      cancel();
      clearTimeout(timer);
    };
  }, [settled, onStage, onImageChange]);

  const currentId = current?.id ?? null;
  // The viewer has caught up with the stage's step.
  useLayoutEffect(() => {
    if (stepStore.get() === currentId) stepStore.set(null);
  }, [stepStore, currentId]);

  // A view with no photo left (the last rejected one restored) falls back to To Archive.
  useEffect(() => {
    if (images && view !== 'archive' && shown.length === 0) setView('archive');
  }, [images, view, shown.length]);

  return {
    view,
    setView,
    all,
    shown,
    current,
    index,
    neighbourIds,
    stepTo,
    neighbour,
    showOnStage,
    stepStore,
  };
}

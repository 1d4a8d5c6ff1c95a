import type { InspectionImage } from '@linewalker/domain';
import { useMemo, useState } from 'react';
import { useAiModelChoices, useImageMarkups, useMarkupReview, usePhotoPatches } from '../api/aiMarkups.ts';
import {
  type AiModelChoice,
  ALL_MODELS,
  DEFAULT_MIN_SCORE,
  keptChoice,
  ofModel,
  openAbove,
} from '../model/aiMarkups.ts';

/**
 * The viewer's AI mode (spec 2 §2 'AI markup', issue 22): on or off, the 'Ai Layer', the score slider, the
 * markup picked and the model chosen (all models, or one: spec 2 §7). The choice, like the slider, lives
 * here and not in the photo's panel, so it stays while the reviewer steps through photos.
 */
export function useAiMode(current: InspectionImage | null, projectId: number, canAi: boolean) {
  const [mode, setMode] = useState(false);
  const [layer, setLayer] = useState(true);
  const [minScore, setMinScore] = useState(DEFAULT_MIN_SCORE);
  const [pickedMarkup, setPickedMarkup] = useState<number | null>(null);
  const [choice, setChoice] = useState<AiModelChoice>(ALL_MODELS);
  const on = mode && canAi;
  const models = useAiModelChoices(on);
  const modelId = keptChoice(choice, models.data);
  const markups = useImageMarkups(current?.id ?? null, on);
  const review = useMarkupReview(current?.id ?? null, projectId);
  const patchMutations = usePhotoPatches(current?.id ?? null);
  const data = markups.data;
  const markupList = useMemo(() => (data ? ofModel(data.markups, modelId) : undefined), [data, modelId]);
  const patches = useMemo(() => ofModel(data?.patches ?? [], modelId), [data, modelId]);
  const layerMarkups = useMemo(() => openAbove(markupList ?? [], minScore), [markupList, minScore]);
  return {
    on,
    mode,
    toggle: () => setMode((m) => !m),
    layer,
    setLayer,
    minScore,
    setMinScore,
    pickedMarkup,
    setPickedMarkup,
    /** The models to choose from (every model the caller may see). */
    models: models.data,
    modelId,
    setModelId: setChoice,
    /** Drawing makes a patch of one model: the tools work once one is chosen. */
    canDraw: modelId !== ALL_MODELS,
    markups,
    markupList,
    layerMarkups,
    patches,
    review,
    patchMutations,
  };
}

export type AiMode = ReturnType<typeof useAiMode>;

import { DEFAULT_ANNOTATION_RISK, type InspectionImage } from '@linewalker/domain';
import { useCallback, useState } from 'react';
import type { useReviewMutations } from '../api/viewerMutations.ts';
import type { EttAnnotationValues } from '../components/EttAnnotationPanel.tsx';
import type { NewAnnotationValues } from '../components/NewAnnotationPanel.tsx';
import type { DrawMode, DrawnShape } from '../model/viewerTypes.ts';

type CreateAnnotation = ReturnType<typeof useReviewMutations>['createAnnotation'];

/**
 * Drawing and saving annotations on the photo: the drawing tool, the shape drawn and not yet saved, the
 * annotation picked, whether the annotation sidebar and the shapes show.
 */
export function useAnnotationEditing(current: InspectionImage | null, createAnnotation: CreateAnnotation) {
  const [drawMode, setDrawMode] = useState<DrawMode>(null);
  const [pending, setPending] = useState<DrawnShape | null>(null);
  const [showAnnotations, setShowAnnotations] = useState(true);
  const [sidebar, setSidebar] = useState(false);
  const [selectedAnnotation, setSelectedAnnotation] = useState<number | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);

  /** What belonged to the last photo goes when the reviewer steps to another. */
  const forgetPhoto = useCallback(() => {
    setPending(null);
    setSelectedAnnotation(null);
  }, []);

  const saveAnnotation = (values: NewAnnotationValues | EttAnnotationValues) => {
    if (!current || !pending) return;
    const width = current.width ?? 0;
    const height = current.height ?? 0;
    setActionError(null);
    createAnnotation.mutate(
      {
        image_id: current.id,
        ...(pending.kind === 'rectangle'
          ? { rectangle: { x: pending.x, y: pending.y, width: pending.width, height: pending.height } }
          : { polygon: pending.points }),
        ...('ettAnnoEvalCodeId' in values
          ? { ...values, risk_level: DEFAULT_ANNOTATION_RISK }
          : { category: values.category, sub_category: values.sub_category, risk_level: values.risk_level }),
        text: values.text || null,
        image_width: width || 1,
        image_height: height || 1,
      },
      {
        onSuccess: (answer) => {
          setPending(null);
          setSidebar(true);
          setSelectedAnnotation(answer.annotation.id);
        },
        onError: () => setActionError('Could not save the annotation. Please try again.'),
      },
    );
  };

  return {
    drawMode,
    setDrawMode,
    pending,
    setPending,
    showAnnotations,
    setShowAnnotations,
    sidebar,
    setSidebar,
    selectedAnnotation,
    setSelectedAnnotation,
    actionError,
    forgetPhoto,
    saveAnnotation,
  };
}

export type AnnotationEditing = ReturnType<typeof useAnnotationEditing>;

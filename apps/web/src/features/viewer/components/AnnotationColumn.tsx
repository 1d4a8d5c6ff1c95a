import type { Annotation, CategoriesResponse, InspectionImage } from '@linewalker/domain';
import { Box } from '@mantine/core';
import type { useReviewMutations } from '../api/viewerMutations.ts';
import type { AnnotationEditing } from '../hooks/useAnnotationEditing.ts';
import { AnnotationSidebar } from './AnnotationSidebar.tsx';
import type { useEttWorkflow } from './EttWorkflow.tsx';
import { NewAnnotationPanel } from './NewAnnotationPanel.tsx';

interface AnnotationColumnProps {
  editing: AnnotationEditing;
  current: InspectionImage | null;
  annotations: Annotation[];
  categories: CategoriesResponse | undefined;
  canAddCategory: boolean;
  canDelete: boolean;
  actions: ReturnType<typeof useReviewMutations>;
  ett: ReturnType<typeof useEttWorkflow>;
}

/** The right-hand column: the form for a shape just drawn (ETT/ABB's or the plain one), or the annotation list. */
export function AnnotationColumn({
  editing,
  current,
  annotations,
  actions,
  ett,
  ...props
}: AnnotationColumnProps) {
  const { pending, sidebar, setPending, setSelectedAnnotation } = editing;
  const chosen = annotations.find((a) => a.id === editing.selectedAnnotation) ?? null;
  return (
    <Box
      p={sidebar || pending ? 'sm' : 0}
      style={{ borderLeft: '1px solid var(--mantine-color-default-border)', overflow: 'auto' }}
    >
      {pending && ett.active ? (
        ett.annotationPanel({
          saving: actions.createAnnotation.isPending,
          error: editing.actionError,
          onSave: editing.saveAnnotation,
          onCancel: () => setPending(null),
        })
      ) : pending ? (
        <NewAnnotationPanel
          key={`${current?.id}-${JSON.stringify(pending).length}`}
          categories={props.categories}
          canAddCategory={props.canAddCategory}
          saving={actions.createAnnotation.isPending}
          error={editing.actionError}
          onSave={editing.saveAnnotation}
          onCancel={() => setPending(null)}
        />
      ) : sidebar ? (
        <AnnotationSidebar
          annotations={annotations}
          selected={chosen}
          canDelete={props.canDelete}
          deleting={actions.deleteAnnotation.isPending}
          onSelect={setSelectedAnnotation}
          onDelete={(a) =>
            actions.deleteAnnotation.mutate(
              { id: a.id, imageId: a.image_id },
              { onSuccess: () => setSelectedAnnotation(null) },
            )
          }
          onClose={() => editing.setSidebar(false)}
        />
      ) : null}
    </Box>
  );
}

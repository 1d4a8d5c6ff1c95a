import type { CategoriesResponse, InspectionImage } from '@linewalker/domain';
import { Box } from '@mantine/core';
import type { AiMode } from '../hooks/useAiMode.ts';
import type { AnnotationEditing } from '../hooks/useAnnotationEditing.ts';
import { AiMarkupPanel } from './AiMarkupPanel.tsx';
import { AiPatchSection } from './AiPatchSection.tsx';

interface AiSideColumnProps {
  ai: AiMode;
  editing: AnnotationEditing;
  current: InspectionImage | null;
  categories: CategoriesResponse | undefined;
  canAddCategory: boolean;
  canInspect: boolean;
}

/** The viewer's right column in AI mode: the photo's markups and, with a model chosen, its training patches. */
export function AiSideColumn({
  ai,
  editing,
  current,
  categories,
  canAddCategory,
  canInspect,
}: AiSideColumnProps) {
  const { pending } = editing;
  return (
    <Box
      p="sm"
      style={{
        borderLeft: '1px solid var(--mantine-color-default-border)',
        overflow: 'auto',
        // Over the stage's column should the toolbar there run wide.
        position: 'relative',
        zIndex: 2,
        background: 'var(--mantine-color-body)',
      }}
    >
      {current ? (
        <AiMarkupPanel
          key={current.id}
          imageId={current.id}
          markups={ai.markupList}
          loading={ai.markups.isPending}
          minScore={ai.minScore}
          onMinScore={ai.setMinScore}
          selectedId={ai.pickedMarkup}
          onSelect={ai.setPickedMarkup}
          categories={categories}
          canAddCategory={canAddCategory}
          review={ai.review}
          models={ai.models}
          modelId={ai.modelId}
          onModel={(id) => {
            ai.setModelId(id);
            if (id === null) {
              editing.setDrawMode(null);
              editing.setPending(null);
            }
          }}
        >
          <AiPatchSection
            ai={ai}
            image={current}
            pending={pending}
            onPendingDone={() => editing.setPending(null)}
            canDelete={canInspect}
          />
        </AiMarkupPanel>
      ) : null}
    </Box>
  );
}

import { can, completionControl, imagesInView, isCustomer, isEttOrAbb } from '@linewalker/domain';
import { Box, Center, Loader, Modal, Text } from '@mantine/core';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { QueryError } from '../../../components/QueryError.tsx';
import { useSession } from '../../../lib/session.ts';
import { markImage, useReviewMutations } from '../api/viewerMutations.ts';
import {
  useCategories,
  useImageAnnotations,
  useInspectionImages,
  useViewerInspection,
} from '../api/viewerQueries.ts';
import { useAiMode } from '../hooks/useAiMode.ts';
import { useAnnotationEditing } from '../hooks/useAnnotationEditing.ts';
import { usePhotoStepping } from '../hooks/usePhotoStepping.ts';
import { useViewerDialog } from '../hooks/useViewerDialog.ts';
import { useViewerKeys } from '../hooks/useViewerKeys.ts';
import { AiMarkupLayer } from './AiMarkupLayer.tsx';
import { AiSideColumn } from './AiSideColumn.tsx';
import { AnnotationColumn } from './AnnotationColumn.tsx';
import { useEttWorkflow } from './EttWorkflow.tsx';
import { ImageList } from './ImageList.tsx';
import type { StageHandle } from './ImageStage.tsx';
import { StepClipPanel } from './StepClipPanel.tsx';
import { SteppingStage } from './SteppingStage.tsx';
import { type Panel3DLayout, Structure3DLauncher, Structure3DPanel } from './Structure3DPanel.tsx';
import { ViewerBottomBar } from './ViewerBottomBar.tsx';
import { type CompleteRenderArgs, ViewerDialogs } from './ViewerDialogs.tsx';
import { ViewerMapLayout } from './ViewerMapLayout.tsx';
import { ViewerToolbar } from './ViewerToolbar.tsx';
import { ViewerTopBar } from './ViewerTopBar.tsx';

export type { CompleteRenderArgs };

export interface InspectionViewerProps {
  inspectionId: number;
  imageId: number | null;
  onImageChange: (imageId: number) => void;
  onClose: () => void;
  /** The Complete Inspection dialog (another feature's), composed in by the app layer. */
  renderComplete: (args: CompleteRenderArgs) => ReactNode;
}

/** The full-screen inspection viewer (spec 2 §2 'Inspection viewer', §4, §5). */
export function InspectionViewer(props: InspectionViewerProps) {
  const { inspectionId } = props;
  const session = useSession().data;
  const inspection = useViewerInspection(inspectionId);
  const images = useInspectionImages(inspectionId);
  const categories = useCategories();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [hd, setHd] = useState(false);
  const dialogs = useViewerDialog();
  const [layout3d, setLayout3d] = useState<Panel3DLayout>('minimized');
  const stage = useRef<StageHandle>(null);

  const projectId = inspection.data?.project_id ?? 0;
  const actions = useReviewMutations(inspectionId, projectId);
  const canInspect = session ? can(session, 'inspection.complete') : false;
  const isStaffUser = session ? !isCustomer(session) : false;
  const canAddCategory = session ? can(session, 'category.create') : false;
  // Rejected photos are the inspection company's quality work: a customer has no Rejected view (spec 2 §6).
  const seesQuality = session ? can(session, 'image.quality.read') : false;
  // The AI mode (issue 22): reviewers see and review what the models found on the photo.
  const canAi = session ? can(session, 'ai.markup') : false;

  // What belongs to one photo (a shape drawn, an annotation picked) goes when the reviewer steps on.
  const forgetPhoto = useRef<() => void>(() => {});
  const stepping = usePhotoStepping({
    images: images.data,
    imageId: props.imageId,
    onImageChange: props.onImageChange,
    hd,
    onStep: () => forgetPhoto.current(),
  });
  const { view, all, shown, current, index, stepTo, neighbour } = stepping;
  const annotations = useImageAnnotations(current?.id ?? null);
  const annotationList = annotations.data ?? [];
  const editing = useAnnotationEditing(current, actions.createAnnotation);
  // The AI mode's model choice and slider stay while stepping; the markup picked belongs to one photo.
  const ai = useAiMode(current, projectId, canAi);
  forgetPhoto.current = () => {
    editing.forgetPhoto();
    ai.setPickedMarkup(null);
  };
  const inAi = ai.on;

  const ett = useEttWorkflow({
    inspectionId,
    projectId,
    ptypeName: inspection.data?.ptype_name,
    image: current,
    isLastImage: index === shown.length - 1,
    readOnly: !isStaffUser,
  });
  const { guard } = ett;
  const open = useCallback((id: number) => guard(() => stepTo(id)), [guard, stepTo]);
  // Back and Next (buttons and arrow keys) step from the latest step, not the last rendered photo.
  const step = (delta: -1 | 1) => {
    const id = neighbour(delta);
    if (id !== null) open(id);
  };
  useViewerKeys({
    onDiscardPending: editing.pending ? () => editing.setPending(null) : null,
    onPrevious: () => step(-1),
    onNext: () => step(1),
  });

  // Viewing a photo marks it viewed (spec 2 §4), once per photo for those who review.
  const currentId = current?.id ?? null;
  const alreadyViewed = current?.first_viewed !== null;
  useEffect(() => {
    if (currentId !== null && canInspect && !alreadyViewed) markImage('imageViewed', currentId);
  }, [currentId, canInspect, alreadyViewed]);
  const onFirstZoom = useCallback(() => {
    if (currentId !== null && canInspect) markImage('imageZoomed', currentId);
  }, [currentId, canInspect]);

  if (inspection.isError || images.isError) {
    return (
      <Modal opened onClose={props.onClose} fullScreen title="Inspection">
        <QueryError
          error={(inspection.error ?? images.error) as Error}
          onRetry={() => {
            void inspection.refetch();
            void images.refetch();
          }}
        />
      </Modal>
    );
  }

  const data = inspection.data;
  const row = data?.inspection ?? null;
  const control = completionControl({
    view,
    ettOrAbb: isEttOrAbb(data?.ptype_name),
    dateReviewed: row?.date_reviewed ?? null,
    // A structure without photos can be completed too (it then has no last photo to reach).
    isLastImage: shown.length === 0 || index === shown.length - 1,
    isCustomer: session ? isCustomer(session) : true,
  });
  const actOn = (): number[] => {
    const picked = shown.filter((i) => selected.has(i.id)).map((i) => i.id);
    return picked.length > 0 ? picked : current ? [current.id] : [];
  };
  const { pending, sidebar } = editing;

  return (
    <Modal
      opened
      onClose={props.onClose}
      fullScreen
      withCloseButton={false}
      closeOnEscape={false}
      padding={0}
      transitionProps={{ duration: 0 }}
      aria-label="Inspection viewer"
    >
      <Box
        data-testid="inspection-viewer"
        style={{ display: 'grid', gridTemplateRows: '52px 1fr 60px', height: '100vh', overflow: 'hidden' }}
      >
        <ViewerTopBar
          data={data}
          shown={shown}
          current={current}
          index={index}
          onOpen={open}
          showHistory={isStaffUser}
          historyOpen={dialogs.dialog === 'history'}
          onHistory={() => dialogs.setDialog('history')}
          onClose={props.onClose}
        />

        {/* Middle: image list | stage | annotation panels. */}
        <Box
          style={{
            display: 'grid',
            gridTemplateColumns: `260px 1fr ${inAi || sidebar || pending ? '320px' : '0px'}`,
            minHeight: 0,
          }}
        >
          <Box p="xs" style={{ borderRight: '1px solid var(--mantine-color-default-border)', minHeight: 0 }}>
            {images.isPending ? (
              <Center h="100%">
                <Loader size="sm" />
              </Center>
            ) : (
              <ImageList
                all={all}
                shown={shown}
                view={view}
                onViewChange={(v) => {
                  stepping.setView(v);
                  setSelected(new Set());
                  const first = imagesInView(all, v)[0];
                  if (first) open(first.id);
                }}
                currentId={current?.id ?? null}
                onOpen={open}
                selected={selected}
                onSelectedChange={setSelected}
                onPreview={() => dialogs.setDialog('preview')}
                showRejected={seesQuality}
              />
            )}
          </Box>
          <Box style={{ display: 'grid', gridTemplateRows: '44px 1fr', minHeight: 0, minWidth: 0 }}>
            <ViewerToolbar
              inspectionId={inspectionId}
              view={view}
              current={current}
              canInspect={canInspect}
              isStaffUser={isStaffUser}
              editing={editing}
              annotationCount={annotationList.length}
              hd={hd}
              onHdChange={setHd}
              onNote={() => dialogs.setDialog('note')}
              ettToggle={ett.toggle}
              stage={stage}
              ai={
                canAi
                  ? {
                      mode: ai.mode,
                      onMode: () => {
                        ai.toggle();
                        editing.setDrawMode(null);
                        editing.setPending(null);
                      },
                      layer: ai.layer,
                      onLayer: ai.setLayer,
                      canDraw: ai.canDraw,
                    }
                  : undefined
              }
            />
            <Box style={{ display: 'flex', minHeight: 0, minWidth: 0 }}>
              <Box style={{ flex: 1, minWidth: 0, minHeight: 0 }}>
                <ViewerMapLayout
                  images={shown}
                  currentId={current?.id ?? null}
                  onPick={open}
                  structure={row}
                  launchers={
                    layout3d === 'minimized' ? (
                      <Structure3DLauncher onOpen={() => setLayout3d('corner')} />
                    ) : null
                  }
                >
                  {current && (
                    <StepClipPanel
                      inspectionId={inspectionId}
                      inspectionType={data?.inspection_type}
                      image={current}
                      canEdit={isStaffUser}
                    />
                  )}
                  {current ? (
                    <SteppingStage
                      ref={stage}
                      step={stepping.stepStore}
                      photos={shown}
                      image={current}
                      neighbourIds={stepping.neighbourIds}
                      onShown={stepping.showOnStage}
                      hd={hd}
                      annotations={annotationList}
                      showAnnotations={editing.showAnnotations}
                      selectedId={editing.selectedAnnotation}
                      onSelect={(id) => {
                        editing.setSidebar(true);
                        editing.setSelectedAnnotation(id);
                      }}
                      drawMode={editing.drawMode}
                      pending={pending}
                      onShapeDrawn={(shape) => {
                        editing.setPending(shape);
                        editing.setSelectedAnnotation(null);
                      }}
                      onFirstZoom={onFirstZoom}
                      overlay={
                        inAi && ai.layer
                          ? (w, h) => (
                              <AiMarkupLayer
                                markups={ai.layerMarkups}
                                patches={ai.patches}
                                selectedId={ai.pickedMarkup}
                                width={w}
                                height={h}
                              />
                            )
                          : undefined
                      }
                    />
                  ) : (
                    <Center h="100%">
                      {images.isPending ? (
                        <Loader />
                      ) : (
                        <Text c="dimmed">No photos of this structure in this view.</Text>
                      )}
                    </Center>
                  )}
                  {layout3d !== 'minimized' && (
                    <Structure3DPanel
                      inspectionId={inspectionId}
                      currentId={current?.id ?? null}
                      onOpen={open}
                      layout={layout3d}
                      onLayout={setLayout3d}
                    />
                  )}
                </ViewerMapLayout>
              </Box>
              {ett.panel}
            </Box>
          </Box>
          {inAi ? (
            <AiSideColumn
              ai={ai}
              editing={editing}
              current={current}
              categories={categories.data}
              canAddCategory={canAddCategory}
              canInspect={canInspect}
            />
          ) : (
            <AnnotationColumn
              editing={editing}
              current={current}
              annotations={annotationList}
              categories={categories.data}
              canAddCategory={canAddCategory}
              canDelete={canInspect}
              actions={actions}
              ett={ett}
            />
          )}
        </Box>

        <ViewerBottomBar
          shown={shown}
          current={current}
          index={index}
          onStep={step}
          view={view}
          row={row}
          canInspect={canInspect}
          aiMode={inAi}
          selectedCount={selected.size}
          actOnCount={actOn().length}
          withdrawReshoot={actions.withdrawReshoot}
          control={control}
          onDialog={dialogs.setDialog}
          onCompletion={() =>
            guard(() => {
              if (control.button === 'View Inspection Report') return dialogs.setDialog('report');
              dialogs.startCompletion(data?.unassigned_nearby ?? [], ett.armsWithoutImages());
            })
          }
        />
      </Box>

      <ViewerDialogs
        inspectionId={inspectionId}
        dialogs={dialogs}
        data={data}
        current={current}
        shown={shown}
        selected={selected}
        actOn={actOn}
        clearSelection={() => setSelected(new Set())}
        onOpen={open}
        actions={actions}
        isStaffUser={isStaffUser}
        ettDialogs={ett.dialogs}
        renderComplete={props.renderComplete}
        onCompleteClosed={() => void inspection.refetch()}
      />
    </Modal>
  );
}

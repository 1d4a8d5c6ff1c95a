import {
  armWord,
  can,
  completionControl,
  DEFAULT_ANNOTATION_RISK,
  type ImageView,
  type InspectionRow,
  imagesInView,
  isCustomer,
  isEttOrAbb,
  REJECT_REASON_MAX,
  RESHOOT_REASON_MAX,
  reviewStatusLabel,
} from '@linewalker/domain';
import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  Select,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import {
  IconArrowLeft,
  IconArrowRight,
  IconEye,
  IconEyeOff,
  IconHistory,
  IconNote,
  IconPolygon,
  IconRectangle,
  IconX,
  IconZoomIn,
  IconZoomOut,
  IconZoomReset,
} from '@tabler/icons-react';
import {
  type ReactNode,
  startTransition,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { QueryError } from '../../../components/QueryError.tsx';
import { onNextFrame } from '../../../lib/nextFrame.ts';
import { useSession } from '../../../lib/session.ts';
import { markImage, useReviewMutations } from '../api/viewerMutations.ts';
import {
  useCategories,
  useImageAnnotations,
  useInspectionImages,
  useViewerInspection,
} from '../api/viewerQueries.ts';
import { useViewerKeys } from '../hooks/useViewerKeys.ts';
import { addressBehind, askAddress, type PhotoPick, pickPhoto, settlePick } from '../model/photoPick.ts';
import { neighboursToPrefetch, type StepDirection } from '../model/photoPrefetch.ts';
import type { DrawMode, DrawnShape } from '../model/viewerTypes.ts';
import { AnnotationSidebar } from './AnnotationSidebar.tsx';
import { CompletionPrecheck, type PrecheckStep, precheckSteps } from './CompletionPrecheck.tsx';
import type { EttAnnotationValues } from './EttAnnotationPanel.tsx';
import { useEttWorkflow } from './EttWorkflow.tsx';
import { HistoryPanel } from './HistoryPanel.tsx';
import { ImageList } from './ImageList.tsx';
import type { StageHandle } from './ImageStage.tsx';
import { NewAnnotationPanel, type NewAnnotationValues } from './NewAnnotationPanel.tsx';
import { NoteModal } from './NoteModal.tsx';
import { PreviewModal } from './PreviewModal.tsx';
import { ReasonModal } from './ReasonModal.tsx';
import { InspectionReportModal } from './report/InspectionReportModal.tsx';
import { ShortcutsPanel } from './ShortcutsPanel.tsx';
import { ShotIdentifierSelect } from './ShotIdentifierSelect.tsx';
import { StepClipPanel } from './StepClipPanel.tsx';
import { createStepStore, SteppingStage } from './SteppingStage.tsx';
import { type Panel3DLayout, Structure3DLauncher, Structure3DPanel } from './Structure3DPanel.tsx';
import { ViewerMapLayout } from './ViewerMapLayout.tsx';

export interface CompleteRenderArgs {
  row: InspectionRow | null;
  onClose: () => void;
}

export interface InspectionViewerProps {
  inspectionId: number;
  imageId: number | null;
  onImageChange: (imageId: number) => void;
  onClose: () => void;
  /** The Complete Inspection dialog (another feature's), composed in by the app layer. */
  renderComplete: (args: CompleteRenderArgs) => ReactNode;
}

type Dialog =
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

const ESCALATE_FAILED = 'Could not escalate. Please contact support or try again later';

/** The full-screen inspection viewer (spec 2 §2 'Inspection viewer', §4, §5). */
export function InspectionViewer(props: InspectionViewerProps) {
  const { inspectionId } = props;
  const session = useSession().data;
  const inspection = useViewerInspection(inspectionId);
  const images = useInspectionImages(inspectionId);
  const categories = useCategories();
  const [view, setView] = useState<ImageView>('archive');
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [drawMode, setDrawMode] = useState<DrawMode>(null);
  const [pending, setPending] = useState<DrawnShape | null>(null);
  const [showAnnotations, setShowAnnotations] = useState(true);
  const [hd, setHd] = useState(false);
  const [sidebar, setSidebar] = useState(false);
  const [selectedAnnotation, setSelectedAnnotation] = useState<number | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [layout3d, setLayout3d] = useState<Panel3DLayout>('minimized');
  /** ETT/ABB: the arms (flanges) without photos, as the pre-complete check found them. */
  const [armsWithoutImages, setArmsWithoutImages] = useState<string[]>([]);
  /** The pre-complete checks still to confirm, the one shown first. */
  const [precheck, setPrecheck] = useState<PrecheckStep[]>([]);
  const [actionError, setActionError] = useState<string | null>(null);
  const stage = useRef<StageHandle>(null);

  const projectId = inspection.data?.project_id ?? 0;
  const actions = useReviewMutations(inspectionId, projectId);
  const canInspect = session ? can(session, 'inspection.complete') : false;
  const isStaffUser = session ? !isCustomer(session) : false;
  const canAddCategory = session ? can(session, 'category.create') : false;

  // A photo picked here (Next, Back, the list…) shows at once; the address follows once it is on screen
  // (see photoPick.ts).
  const [pick, setPick] = useState<PhotoPick | null>(null);
  const settled = settlePick(pick, props.imageId);
  if (settled !== pick) setPick(settled);
  const wantedId = settled?.id ?? props.imageId;
  /** The photo the stage last showed (its image loaded, or failed to). */
  const [onStage, setOnStage] = useState<number | null>(null);
  // Behind the stage, which shows a step's photo at once (SteppingStage): the rest of the viewer follows it.
  const showOnStage = useCallback((id: number) => startTransition(() => setOnStage(id)), []);
  const [stepStore] = useState(createStepStore);

  const all = images.data ?? [];
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
  const annotations = useImageAnnotations(current?.id ?? null);
  const annotationList = annotations.data ?? [];
  const chosenAnnotation = annotationList.find((a) => a.id === selectedAnnotation) ?? null;

  const ett = useEttWorkflow({
    inspectionId,
    projectId,
    ptypeName: inspection.data?.ptype_name,
    image: current,
    isLastImage: index === shown.length - 1,
    readOnly: !isStaffUser,
  });
  const { onImageChange } = props;
  const { guard } = ett;
  // The address when the pick is made, read then: an ETT warning's 'Continue Unsaved' runs the step later,
  // after the address may have moved on to the photo the reviewer was on.
  const address = useRef(props.imageId);
  address.current = props.imageId;
  // The stage shows the photo at once; the rest of the viewer (list, toolbars, panels) re-renders as a
  // transition, after the photo is painted.
  const open = useCallback(
    (id: number) =>
      guard(() => {
        stepStore.set(id);
        startTransition(() => {
          setPending(null);
          setSelectedAnnotation(null);
          setPick((p) => pickPhoto(p, id, address.current));
        });
      }),
    [guard, stepStore],
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
        setPick((p) => (p === settled ? askAddress(p) : p));
        onImageChange(settled.id);
      });
    });
    return () => {
      cancel();
      clearTimeout(timer);
    };
  }, [settled, onStage, onImageChange]);

  // Viewing a photo marks it viewed (spec 2 §4), once per photo for those who review.
  const currentId = current?.id ?? null;
  // The viewer has caught up with the stage's step.
  useLayoutEffect(() => {
    if (stepStore.get() === currentId) stepStore.set(null);
  }, [stepStore, currentId]);
  const alreadyViewed = current?.first_viewed !== null;
  useEffect(() => {
    if (currentId !== null && canInspect && !alreadyViewed) markImage('imageViewed', currentId);
  }, [currentId, canInspect, alreadyViewed]);
  const onFirstZoom = useCallback(() => {
    if (currentId !== null && canInspect) markImage('imageZoomed', currentId);
  }, [currentId, canInspect]);

  // A view with no photo left (the last rejected one restored) falls back to To Archive.
  useEffect(() => {
    if (images.data && view !== 'archive' && shown.length === 0) setView('archive');
  }, [images.data, view, shown.length]);

  const previous = () => shown[index - 1] && open(shown[index - 1]!.id);
  const next = () => shown[index + 1] && open(shown[index + 1]!.id);
  useViewerKeys({
    onDiscardPending: pending ? () => setPending(null) : null,
    onPrevious: previous,
    onNext: next,
  });

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
  const ettOrAbb = isEttOrAbb(data?.ptype_name);
  const unassignedNearby = data?.unassigned_nearby ?? [];
  const control = completionControl({
    view,
    ettOrAbb,
    dateReviewed: row?.date_reviewed ?? null,
    // A structure without photos can be completed too (it then has no last photo to reach).
    isLastImage: shown.length === 0 || index === shown.length - 1,
    isCustomer: session ? isCustomer(session) : true,
  });
  const actOn = (): number[] => {
    const picked = shown.filter((i) => selected.has(i.id)).map((i) => i.id);
    return picked.length > 0 ? picked : current ? [current.id] : [];
  };
  const reshootRequested = row?.review_status === 'Reshoot Requested';

  const saveAnnotation = (values: NewAnnotationValues | EttAnnotationValues) => {
    if (!current || !pending) return;
    const width = current.width ?? 0;
    const height = current.height ?? 0;
    setActionError(null);
    actions.createAnnotation.mutate(
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

  const toolButton = (
    label: string,
    active: boolean,
    icon: ReactNode,
    onClick: () => void,
    disabled = false,
  ) => (
    <Tooltip label={label} zIndex={400}>
      <ActionIcon
        variant={active ? 'filled' : 'subtle'}
        color={active ? 'blue' : 'gray'}
        size="lg"
        aria-label={label}
        aria-pressed={active}
        onClick={onClick}
        disabled={disabled}
      >
        {icon}
      </ActionIcon>
    </Tooltip>
  );

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
        {/* Top bar: structure, current photo with n/N, close. */}
        <Group
          justify="space-between"
          px="md"
          wrap="nowrap"
          style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
        >
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <Text fw={700} truncate data-testid="viewer-structure">
              {row ? row.structure : 'Loading…'}
            </Text>
            {row && (
              <Text size="sm" c="dimmed" truncate>
                {row.line_name}
                {row.component ? ` · ${row.component}` : ''}
              </Text>
            )}
            {row && (
              <Badge
                variant="light"
                color={reshootRequested ? 'orange' : row.date_reviewed ? 'green' : 'gray'}
              >
                {reviewStatusLabel(row.review_status)}
              </Badge>
            )}
            {data?.escalated_at && (
              <Badge variant="light" color="red">
                Escalated
              </Badge>
            )}
          </Group>
          <Group gap="xs" wrap="nowrap">
            <Select
              aria-label="Current image"
              w={320}
              size="xs"
              data={shown.map((img, i) => ({
                value: String(img.id),
                label: `${img.image_name}  ${i + 1}/${shown.length}`,
              }))}
              value={current ? String(current.id) : null}
              onChange={(v) => v && open(Number(v))}
              comboboxProps={{ zIndex: 400 }}
              allowDeselect={false}
              searchable
            />
            <Text size="sm" fw={600} data-testid="image-counter">
              {current ? `${index + 1}/${shown.length}` : `0/${shown.length}`}
            </Text>
            {isStaffUser &&
              toolButton('Review history', dialog === 'history', <IconHistory size={20} />, () =>
                setDialog('history'),
              )}
            <ShortcutsPanel />
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label="Close viewer"
              // The modal focuses this on open; otherwise the first tabbable element, the searchable photo
              // picker, would take focus and open its list over the photo.
              data-autofocus
              onClick={props.onClose}
            >
              <IconX size={22} />
            </ActionIcon>
          </Group>
        </Group>

        {/* Middle: image list | stage | annotation panels. */}
        <Box
          style={{
            display: 'grid',
            gridTemplateColumns: `260px 1fr ${sidebar || pending ? '320px' : '0px'}`,
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
                  setView(v);
                  setSelected(new Set());
                  const first = imagesInView(all, v)[0];
                  if (first) open(first.id);
                }}
                currentId={current?.id ?? null}
                onOpen={open}
                selected={selected}
                onSelectedChange={setSelected}
                onPreview={() => setDialog('preview')}
              />
            )}
          </Box>
          <Box style={{ display: 'grid', gridTemplateRows: '44px 1fr', minHeight: 0, minWidth: 0 }}>
            <Group
              gap={4}
              px="xs"
              style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
              wrap="nowrap"
            >
              {canInspect && view !== 'rejected' && (
                <>
                  {toolButton(
                    'Annotate Rectangle',
                    drawMode === 'rectangle',
                    <IconRectangle size={20} />,
                    () => setDrawMode((m) => (m === 'rectangle' ? null : 'rectangle')),
                  )}
                  {toolButton('Annotate Polygon', drawMode === 'polygon', <IconPolygon size={20} />, () =>
                    setDrawMode((m) => (m === 'polygon' ? null : 'polygon')),
                  )}
                </>
              )}
              {toolButton(
                showAnnotations ? 'Hide Annotations' : 'Show Annotations',
                !showAnnotations,
                showAnnotations ? <IconEye size={20} /> : <IconEyeOff size={20} />,
                () => setShowAnnotations((s) => !s),
              )}
              <Button
                size="compact-sm"
                variant={sidebar ? 'filled' : 'subtle'}
                onClick={() => setSidebar((s) => !s)}
              >
                Annotations ({annotationList.length})
              </Button>
              {isStaffUser && current && (
                <Button
                  size="compact-sm"
                  variant="subtle"
                  leftSection={<IconNote size={16} />}
                  onClick={() => setDialog('note')}
                >
                  {current.note_text ? 'View Notes' : 'Add Note'}
                </Button>
              )}
              <Button
                size="compact-sm"
                variant={hd ? 'filled' : 'default'}
                onClick={() => setHd((h) => !h)}
                aria-pressed={hd}
              >
                {hd ? 'HD' : 'SD'}
              </Button>
              {current && (
                <ShotIdentifierSelect
                  inspectionId={inspectionId}
                  imageId={current.id}
                  canEdit={isStaffUser}
                />
              )}
              {ett.toggle}
              <Box style={{ flex: 1 }} />
              {toolButton('Reset zoom', false, <IconZoomReset size={20} />, () => stage.current?.reset())}
              {toolButton('Zoom in', false, <IconZoomIn size={20} />, () => stage.current?.zoomIn())}
              {toolButton('Zoom out', false, <IconZoomOut size={20} />, () => stage.current?.zoomOut())}
            </Group>
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
                      step={stepStore}
                      photos={shown}
                      image={current}
                      neighbourIds={neighbourIds}
                      onShown={showOnStage}
                      hd={hd}
                      annotations={annotationList}
                      showAnnotations={showAnnotations}
                      selectedId={selectedAnnotation}
                      onSelect={(id) => {
                        setSidebar(true);
                        setSelectedAnnotation(id);
                      }}
                      drawMode={drawMode}
                      pending={pending}
                      onShapeDrawn={(shape) => {
                        setPending(shape);
                        setSelectedAnnotation(null);
                      }}
                      onFirstZoom={onFirstZoom}
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
          <Box
            p={sidebar || pending ? 'sm' : 0}
            style={{ borderLeft: '1px solid var(--mantine-color-default-border)', overflow: 'auto' }}
          >
            {pending && ett.active ? (
              ett.annotationPanel({
                saving: actions.createAnnotation.isPending,
                error: actionError,
                onSave: saveAnnotation,
                onCancel: () => setPending(null),
              })
            ) : pending ? (
              <NewAnnotationPanel
                key={`${current?.id}-${JSON.stringify(pending).length}`}
                categories={categories.data}
                canAddCategory={canAddCategory}
                saving={actions.createAnnotation.isPending}
                error={actionError}
                onSave={saveAnnotation}
                onCancel={() => setPending(null)}
              />
            ) : sidebar ? (
              <AnnotationSidebar
                annotations={annotationList}
                selected={chosenAnnotation}
                canDelete={canInspect}
                deleting={actions.deleteAnnotation.isPending}
                onSelect={setSelectedAnnotation}
                onDelete={(a) =>
                  actions.deleteAnnotation.mutate(
                    { id: a.id, imageId: a.image_id },
                    { onSuccess: () => setSelectedAnnotation(null) },
                  )
                }
                onClose={() => setSidebar(false)}
              />
            ) : null}
          </Box>
        </Box>

        {/* Bottom bar. */}
        <Group
          justify="space-between"
          px="md"
          wrap="nowrap"
          style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
        >
          <Group gap="xs">
            <Button
              variant="default"
              leftSection={<IconArrowLeft size={16} />}
              disabled={index <= 0}
              onClick={previous}
            >
              Back
            </Button>
            <Button
              variant="default"
              rightSection={<IconArrowRight size={16} />}
              disabled={index < 0 || index >= shown.length - 1}
              onClick={next}
            >
              Next
            </Button>
          </Group>
          <Group gap="xs">
            {canInspect && current && view !== 'rejected' && (
              <Button color="red" variant="light" onClick={() => setDialog('reject')}>
                {selected.size > 0 ? `Reject (${actOn().length})` : 'Reject'}
              </Button>
            )}
            {canInspect && current && view === 'rejected' && (
              <Button variant="light" onClick={() => setDialog('restore')}>
                Restore Photo
              </Button>
            )}
            {canInspect &&
              row &&
              view !== 'rejected' &&
              !row.date_reviewed &&
              (reshootRequested ? (
                <Button
                  variant="light"
                  color="orange"
                  loading={actions.withdrawReshoot.isPending}
                  onClick={() => actions.withdrawReshoot.mutate()}
                >
                  Withdraw Reshoot
                </Button>
              ) : (
                <Button variant="light" color="orange" onClick={() => setDialog('reshoot')}>
                  Request Reshoot
                </Button>
              ))}
            {canInspect && row && (
              <Button variant="subtle" color="red" onClick={() => setDialog('escalate')}>
                Escalate
              </Button>
            )}
            {control.button && (
              <Button
                onClick={() =>
                  guard(() => {
                    if (control.button === 'View Inspection Report') return setDialog('report');
                    const bare = ett.armsWithoutImages();
                    setArmsWithoutImages(bare);
                    const steps = precheckSteps(unassignedNearby, bare);
                    setPrecheck(steps);
                    setDialog(steps.length > 0 ? 'precheck' : 'complete');
                  })
                }
              >
                {control.button}
              </Button>
            )}
            {control.completedBadge && (
              <Badge color="green" size="lg">
                Completed
              </Badge>
            )}
          </Group>
        </Group>
      </Box>

      {current && (
        <NoteModal
          opened={dialog === 'note'}
          note={current.note_text}
          saving={actions.updateNote.isPending}
          onSave={(text) => actions.updateNote.mutateAsync({ imageId: current.id, imageNote: text })}
          onClose={() => setDialog(null)}
        />
      )}
      <ReasonModal
        opened={dialog === 'reject'}
        title="Reject"
        label="Why are you rejecting this photo?"
        maxLength={REJECT_REASON_MAX}
        submitLabel="Reject"
        submitColor="red"
        saving={actions.reject.isPending}
        error={actions.reject.isError ? 'Could not reject. Please try again.' : null}
        onClose={() => {
          actions.reject.reset();
          setDialog(null);
        }}
        onSubmit={(notes) =>
          actions.reject.mutate(
            { imageIds: actOn(), notes },
            {
              onSuccess: () => {
                setSelected(new Set());
                setDialog(null);
              },
            },
          )
        }
      />
      <ConfirmDialog
        opened={dialog === 'restore'}
        title="Restore Photo"
        message="Would you like to restore this photo?"
        confirmLabel="Restore Photo"
        cancelLabel="Cancel"
        onCancel={() => setDialog(null)}
        onConfirm={() =>
          actions.unreject.mutate(actOn(), {
            onSuccess: () => {
              setSelected(new Set());
              setDialog(null);
            },
          })
        }
      />
      <ReasonModal
        opened={dialog === 'reshoot'}
        title="Request Reshoot"
        label="Notes"
        placeholder="What should the crew photograph again?"
        maxLength={RESHOOT_REASON_MAX}
        submitLabel="Save"
        saving={actions.requestReshoot.isPending}
        error={actions.requestReshoot.isError ? 'Could not request the reshoot. Please try again.' : null}
        onClose={() => {
          actions.requestReshoot.reset();
          setDialog(null);
        }}
        onSubmit={(reason) =>
          row &&
          actions.requestReshoot.mutate(
            { reason, pole: row.structure, line: row.line_name, component: row.component_id },
            { onSuccess: () => setDialog(null) },
          )
        }
      />
      <ConfirmDialog
        opened={dialog === 'escalate'}
        title="Escalate"
        message="Are you sure you want to escalate this inspection?"
        confirmLabel="Escalate"
        cancelLabel="Cancel"
        destructive
        onCancel={() => setDialog(null)}
        onConfirm={() =>
          actions.escalate.mutate(undefined, {
            onSuccess: () => setDialog(null),
            onError: () => setDialog('escalateFailed'),
          })
        }
      />
      <Modal
        opened={dialog === 'escalateFailed'}
        onClose={() => setDialog(null)}
        title="Escalate"
        centered
        zIndex={400}
      >
        <Stack>
          <Text size="sm">{ESCALATE_FAILED}</Text>
          <Group justify="flex-end">
            <Button onClick={() => setDialog(null)}>Ok</Button>
          </Group>
        </Stack>
      </Modal>
      <CompletionPrecheck
        step={dialog === 'precheck' ? (precheck[0] ?? null) : null}
        unassigned={unassignedNearby}
        armsWithoutImages={armsWithoutImages}
        word={armWord(data?.ptype_name)}
        onCancel={() => setDialog(null)}
        onContinue={() => {
          const rest = precheck.slice(1);
          setPrecheck(rest);
          setDialog(rest.length > 0 ? 'precheck' : 'complete');
        }}
      />
      <PreviewModal
        opened={dialog === 'preview'}
        images={selected.size > 0 ? shown.filter((i) => selected.has(i.id)) : shown}
        onPick={(id) => {
          setDialog(null);
          open(id);
        }}
        onClose={() => setDialog(null)}
      />
      {isStaffUser && (
        <HistoryPanel
          inspectionId={inspectionId}
          opened={dialog === 'history'}
          onClose={() => setDialog(null)}
        />
      )}
      <InspectionReportModal
        inspectionId={inspectionId}
        opened={dialog === 'report'}
        onClose={() => setDialog(null)}
        onOpenForm={() => setDialog('complete')}
      />
      {ett.dialogs}
      {props.renderComplete({
        row: dialog === 'complete' ? row : null,
        onClose: () => {
          setDialog(null);
          void inspection.refetch();
        },
      })}
    </Modal>
  );
}

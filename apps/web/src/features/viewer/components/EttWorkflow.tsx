import {
  armWord,
  type EttArm,
  type EttSelection,
  type EttWarning,
  ettPanelTitle,
  ettSaveWarning,
  type InspectionImage,
  isEttOrAbb,
  withPhotoType,
} from '@linewalker/domain';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { invalidate, queryKeys } from '../../../lib/queryKeys.ts';
import {
  saveArmEdits,
  updateAbbTypes,
  updateImageType,
  useAbbIdTypes,
  useEttArms,
  useEttLists,
} from '../api/ettApi.ts';
import { EttAnnotationPanel, type EttAnnotationValues } from './EttAnnotationPanel.tsx';
import { type ArmDraft, draftOf, EttPanel } from './EttPanel.tsx';

export interface EttWorkflowArgs {
  inspectionId: number;
  projectId: number;
  ptypeName: string | null | undefined;
  image: InspectionImage | null;
  isLastImage: boolean;
  /** Customers only look: no type buttons, no new note, no save on navigation (spec 2 §6). */
  readOnly: boolean;
}

export interface EttWorkflow {
  /** ETT or ABB project: the panel and the save on navigation apply. */
  active: boolean;
  /** Runs `go` after saving the current photo's arm and type, or after the user chose to continue unsaved. */
  guard: (go: () => void) => void;
  panel: ReactNode;
  toggle: ReactNode;
  /** The new-annotation panel of ETT mode: an evaluation code and a knuckle/flat position. */
  annotationPanel: (p: {
    saving: boolean;
    error: string | null;
    onSave: (values: EttAnnotationValues) => void;
    onCancel: () => void;
  }) => ReactNode;
  dialogs: ReactNode;
  /**
   * The recorded arms (flanges) that no photo shows, by position text (spec 2 §5: listed before completing).
   * Read when asked, so it counts the save that ran just before.
   */
  armsWithoutImages: () => string[];
}

const NONE: EttSelection = { photoType: null, armPositionId: null, knuckleFlatPositionId: null };
const SAVE_FAILED = 'Could not save. Please try again.';

const selectionOf = (image: InspectionImage | null): EttSelection => {
  const t = image?.ett_photo_type_id;
  return {
    photoType: t === 1 || t === 2 || t === 3 ? t : null,
    armPositionId: image?.arm_position_id ?? null,
    knuckleFlatPositionId: image?.knuckle_flat_position_id ?? null,
  };
};

/**
 * The arm (ETT) and flange (ABB) workflow of the viewer: the side panel's state, the save of arm and photo
 * type when moving to another photo, and the warnings of spec 2 §5 when the selection is incomplete.
 */
export function useEttWorkflow(a: EttWorkflowArgs): EttWorkflow {
  const active = isEttOrAbb(a.ptypeName);
  const abb = a.ptypeName === 'ABB';
  const word = armWord(a.ptypeName);
  const title = ettPanelTitle(a.ptypeName);
  const queryClient = useQueryClient();
  const arms = useEttArms(a.inspectionId, a.projectId, active);
  const lists = useEttLists(a.projectId, active);
  const abbTypes = useAbbIdTypes(active && abb);

  const [opened, setOpened] = useState(true);
  const [selection, setSelection] = useState<EttSelection>(NONE);
  const [abbSelected, setAbbSelected] = useState<number[]>([]);
  const [drafts, setDrafts] = useState<Record<number, ArmDraft>>({});
  const [warning, setWarning] = useState<{ warning: EttWarning; go: () => void } | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // A new photo starts from what was saved for it.
  const imageId = a.image?.id ?? null;
  const imageRef = useRef(a.image);
  imageRef.current = a.image;
  useEffect(() => {
    if (imageId === null) return;
    setSelection(selectionOf(imageRef.current));
    setAbbSelected(imageRef.current?.ab_id_types ?? []);
    setError(null);
  }, [imageId]);

  const armList = arms.data ?? [];
  const draftFor = (positionId: number | null): ArmDraft | null =>
    positionId === null
      ? null
      : (drafts[positionId] ?? draftOf(armList.find((x) => x.arm_position_id === positionId)));

  const save = async (): Promise<boolean> => {
    const image = a.image;
    if (!image || selection.photoType === null) return false;
    let armId: number | null = null;
    if (selection.photoType !== 3 && selection.armPositionId !== null) {
      const arm = armList.find((x) => x.arm_position_id === selection.armPositionId);
      const d = draftFor(selection.armPositionId)!;
      const answer = await saveArmEdits(a.inspectionId, {
        ett_arm_id: arm?.ett_arm_id ?? null,
        arm_position_id: selection.armPositionId,
        classification: (d.classification as ArmDraftClassification) ?? null,
        manufacturer: (d.manufacturer as ArmDraftManufacturer) ?? null,
        part: d.part,
        serial_num: d.serial_num,
        release_num: d.release_num,
        newNote: d.newNote,
      });
      if (!answer.ok) return false;
      armId = answer.ett_arm_id;
    }
    const typed = await updateImageType(image.id, {
      ett_photo_type_id: selection.photoType,
      ett_arm_id: armId,
      knuckle_flat_position_id: selection.photoType === 3 ? selection.knuckleFlatPositionId : null,
    });
    if (!typed.ok) return false;
    if (abb && !(await updateAbbTypes(image.id, abbSelected)).ok) return false;
    // The photo list learns its new type at once (going back shows it), the arms their notes and counts.
    queryClient.setQueryData<InspectionImage[]>(queryKeys.viewer.images(a.inspectionId), (list) =>
      list?.map((i) =>
        i.id === image.id
          ? {
              ...i,
              ett_photo_type_id: selection.photoType,
              ett_arm_id: armId,
              arm_position_id: armId === null ? null : selection.armPositionId,
              knuckle_flat_position_id: selection.photoType === 3 ? selection.knuckleFlatPositionId : null,
              ab_id_types: abb ? [...abbSelected].sort((x, y) => x - y) : i.ab_id_types,
            }
          : i,
      ),
    );
    if (selection.armPositionId !== null) {
      const positionId = selection.armPositionId;
      setDrafts(({ [positionId]: _, ...rest }) => rest);
    }
    await invalidate(queryClient, [queryKeys.viewer.ettArms(a.inspectionId)]);
    return true;
  };

  const hasImage = a.image !== null;
  const latest = useRef({
    active,
    readOnly: a.readOnly,
    hasImage,
    selection,
    saving,
    isLast: a.isLastImage,
    save,
  });
  latest.current = { active, readOnly: a.readOnly, hasImage, selection, saving, isLast: a.isLastImage, save };
  const ptype = a.ptypeName;

  const guard = useCallback(
    (go: () => void) => {
      const s = latest.current;
      // A structure without photos has nothing to type: its completion goes straight on.
      if (!s.active || s.readOnly || !s.hasImage) {
        go();
        return;
      }
      if (s.saving) return;
      const w = ettSaveWarning(s.selection, ptype, s.isLast);
      if (w) {
        setWarning({ warning: w, go });
        return;
      }
      setSaving(true);
      setError(null);
      s.save()
        .then((saved) => {
          setSaving(false);
          if (saved) go();
          else setError(SAVE_FAILED);
        })
        .catch(() => {
          // A save that is not ok stops: loading is cleared and the viewer stays on the photo (spec 2 §4).
          setSaving(false);
          setError(SAVE_FAILED);
        });
    },
    [ptype],
  );

  const annotationPanel: EttWorkflow['annotationPanel'] = (p) => (
    <EttAnnotationPanel
      evaluationCodes={lists.data?.evaluationCodes ?? []}
      knuckleFlats={lists.data?.knuckleFlats ?? []}
      {...p}
    />
  );
  const armsWithoutImages = () =>
    active
      ? (queryClient.getQueryData<EttArm[]>(queryKeys.viewer.ettArms(a.inspectionId)) ?? [])
          .filter((arm) => arm.ett_arm_id !== null && arm.image_count === 0)
          .map((arm) => arm.arm_position_text)
      : [];
  if (!active)
    return { active, guard, panel: null, toggle: null, dialogs: null, annotationPanel, armsWithoutImages };

  const panel = (
    <EttPanel
      opened={opened}
      title={title}
      word={word}
      abb={abb}
      readOnly={a.readOnly}
      selection={selection}
      onPhotoType={(t) => setSelection((s) => withPhotoType(s, t))}
      onArm={(armPositionId) => setSelection((s) => ({ ...s, armPositionId }))}
      onKnuckleFlat={(knuckleFlatPositionId) => setSelection((s) => ({ ...s, knuckleFlatPositionId }))}
      arms={armList}
      draft={draftFor(selection.armPositionId)}
      onDraft={(patch) => {
        const positionId = selection.armPositionId;
        if (positionId === null) return;
        setDrafts((all) => ({ ...all, [positionId]: { ...draftFor(positionId)!, ...patch } }));
      }}
      knuckleFlats={lists.data?.knuckleFlats ?? []}
      abbIdTypes={abbTypes.data?.abbIdTypes ?? []}
      abbSelected={abbSelected}
      onAbbSelected={setAbbSelected}
      error={error}
      onClose={() => setOpened(false)}
    />
  );
  const toggle = (
    <Button
      size="compact-sm"
      variant={opened ? 'filled' : 'subtle'}
      aria-pressed={opened}
      loading={saving}
      onClick={() => setOpened((o) => !o)}
    >
      {title}
    </Button>
  );
  const w = warning?.warning;
  const dialogs = (
    <Modal opened={warning !== null} onClose={() => setWarning(null)} title={w?.title} centered zIndex={400}>
      <Stack>
        <Text size="sm">{w?.text}</Text>
        <Group justify="flex-end">
          {w?.buttons.length === 1 ? (
            <Button onClick={() => setWarning(null)}>Ok</Button>
          ) : (
            <>
              <Button
                variant="default"
                onClick={() => {
                  const go = warning?.go;
                  setWarning(null);
                  go?.();
                }}
              >
                Continue Unsaved
              </Button>
              <Button onClick={() => setWarning(null)}>Stay</Button>
            </>
          )}
        </Group>
      </Stack>
    </Modal>
  );
  return { active, guard, panel, toggle, dialogs, annotationPanel, armsWithoutImages };
}

type ArmDraftClassification = 'Original' | 'Remanufactured' | 'Replacement';
type ArmDraftManufacturer = 'F' | 'H' | 'T' | 'V';

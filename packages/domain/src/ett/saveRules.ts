/**
 * The ETT/ABB save rules of the inspection viewer (spec 2 §5 'ETT/ABB save rules', word for word). Pure:
 * the viewer asks them before saving a photo's type on the way to another photo.
 */

/** 'Flange' in ABB projects, 'Arm' otherwise (spec 2 §2: the panel's title is the plural of it). */
export const armWord = (ptypeName: string | null | undefined): 'Arm' | 'Flange' =>
  ptypeName === 'ABB' ? 'Flange' : 'Arm';

export const ettPanelTitle = (ptypeName: string | null | undefined): 'Arms' | 'Flange' =>
  ptypeName === 'ABB' ? 'Flange' : 'Arms';

/** What the panel has chosen for the current photo. */
export interface EttSelection {
  /** 1 ID, 2 Arm (Flange), 3 Knuckle/Flat; null when none is picked. */
  photoType: 1 | 2 | 3 | null;
  armPositionId: number | null;
  knuckleFlatPositionId: number | null;
}

export interface EttWarning {
  title: string;
  text: string;
  /** On the last photo the warning only has Ok; otherwise Continue Unsaved and Stay. */
  buttons: readonly ['Ok'] | readonly ['Continue Unsaved', 'Stay'];
}

/** The warning that stops a save, or null when the selection can be saved. */
export function ettSaveWarning(
  selection: EttSelection,
  ptypeName: string | null | undefined,
  isLastImage: boolean,
): EttWarning | null {
  const word = armWord(ptypeName);
  const buttons = isLastImage ? (['Ok'] as const) : (['Continue Unsaved', 'Stay'] as const);
  if (selection.photoType === null) {
    return { title: 'Image Type Not Picked', text: `You must pick ID, ${word}, or Knuckle/Flat`, buttons };
  }
  if (selection.photoType === 3 && selection.knuckleFlatPositionId === null) {
    return {
      title: 'Knuckle/Flat Not Selected',
      text: 'You selected this image as a Knuckle/Flat but did not select the Knuckle/Flat Position',
      buttons,
    };
  }
  if (selection.photoType === 2 && selection.armPositionId === null) {
    return {
      title: `${word} Not Picked`,
      text: `You must pick an ${word} and complete ${word} details.`,
      buttons,
    };
  }
  return null;
}

/** Switching types clears the other selections (spec 2 §4): types 1 and 2 keep the arm, type 3 the position. */
export function withPhotoType(selection: EttSelection, photoType: 1 | 2 | 3): EttSelection {
  if (photoType === 3)
    return { photoType, armPositionId: null, knuckleFlatPositionId: selection.knuckleFlatPositionId };
  return { photoType, armPositionId: selection.armPositionId, knuckleFlatPositionId: null };
}

/** New annotation Save in ETT mode (spec 2 §5): both an evaluation code and a knuckle/flat position chosen. */
export const canSaveEttAnnotation = (a: {
  evaluationCodeId: number | null;
  knuckleFlatPositionId: number | null;
}): boolean => a.evaluationCodeId !== null && a.knuckleFlatPositionId !== null;

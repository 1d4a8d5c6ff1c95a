import { describe, expect, it } from 'vitest';
import { canSaveEttAnnotation, ettPanelTitle, ettSaveWarning, withPhotoType } from './saveRules.ts';

const none = { photoType: null, armPositionId: null, knuckleFlatPositionId: null } as const;

describe('the ETT/ABB save rules', () => {
  it('names the warnings word for word, Arm for ETT and Flange for ABB', () => {
    expect(ettSaveWarning(none, 'ETT', false)).toEqual({
      title: 'Image Type Not Picked',
      text: 'You must pick ID, Arm, or Knuckle/Flat',
      buttons: ['Continue Unsaved', 'Stay'],
    });
    expect(ettSaveWarning(none, 'ABB', true)).toEqual({
      title: 'Image Type Not Picked',
      text: 'You must pick ID, Flange, or Knuckle/Flat',
      buttons: ['Ok'],
    });
    expect(ettSaveWarning({ ...none, photoType: 3 }, 'ETT', false)?.text).toBe(
      'You selected this image as a Knuckle/Flat but did not select the Knuckle/Flat Position',
    );
    expect(ettSaveWarning({ ...none, photoType: 3 }, 'ETT', false)?.title).toBe('Knuckle/Flat Not Selected');
    expect(ettSaveWarning({ ...none, photoType: 2 }, 'ABB', false)).toMatchObject({
      title: 'Flange Not Picked',
      text: 'You must pick an Flange and complete Flange details.',
    });
    expect(ettSaveWarning({ ...none, photoType: 2 }, 'ETT', false)?.title).toBe('Arm Not Picked');
  });

  it('lets a complete selection save', () => {
    expect(ettSaveWarning({ ...none, photoType: 1 }, 'ETT', false)).toBeNull();
    expect(
      ettSaveWarning({ photoType: 2, armPositionId: 3, knuckleFlatPositionId: null }, 'ETT', true),
    ).toBeNull();
    expect(
      ettSaveWarning({ photoType: 3, armPositionId: null, knuckleFlatPositionId: 2 }, 'ABB', true),
    ).toBeNull();
  });

  it('clears the other selections when the type changes, and titles the panel', () => {
    const arm = { photoType: 2, armPositionId: 4, knuckleFlatPositionId: null } as const;
    expect(withPhotoType(arm, 3)).toEqual({ photoType: 3, armPositionId: null, knuckleFlatPositionId: null });
    expect(withPhotoType({ photoType: 3, armPositionId: null, knuckleFlatPositionId: 2 }, 1)).toEqual({
      photoType: 1,
      armPositionId: null,
      knuckleFlatPositionId: null,
    });
    expect(ettPanelTitle('ABB')).toBe('Flange');
    expect(ettPanelTitle('ETT')).toBe('Arms');
  });
});

describe('the ETT-mode annotation', () => {
  it('saves only with both an evaluation code and a knuckle/flat position', () => {
    expect(canSaveEttAnnotation({ evaluationCodeId: 1, knuckleFlatPositionId: 2 })).toBe(true);
    expect(canSaveEttAnnotation({ evaluationCodeId: 1, knuckleFlatPositionId: null })).toBe(false);
    expect(canSaveEttAnnotation({ evaluationCodeId: null, knuckleFlatPositionId: 2 })).toBe(false);
  });
});
